/**
 * The receipt as a PDF (ADR 0075), drawn here from the same model the page renders: the reference,
 * both parties, amounts, times and details, black on white on A4. pdfkit's standard fonts
 * (Helvetica) write WinAnsi only: the model's lines are written so (currency codes, "NGN" not "₦"),
 * and any other character (a nickname's emoji) is drawn as "?" rather than as a broken glyph.
 */
import PDFDocument from "pdfkit";
import type { Receipt, ReceiptLine } from "../../../contract/calls/receipts";

/** Characters WinAnsi has beyond Latin-1: the bullet of a masked account, the ellipsis of a hash, dashes, quotes. */
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
export const winAnsi = (s: string) =>
  Array.from(s, (c) => ((c >= " " && c <= "~") || (c >= "\u00a0" && c <= "\u00ff") || WIN_ANSI_EXTRA.includes(c) ? c : "?")).join("");

const MARGIN = 56;
const LABEL_WIDTH = 170;

export function drawReceiptPdf(r: Receipt, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: opts.compress ?? true,
    info: { Title: `Receipt ${r.reference}`, Author: "GiftMarket", Subject: r.title },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.fillColor("black").font("Helvetica-Bold").fontSize(20).text("GiftMarket receipt");
  doc.moveDown(0.2).font("Helvetica").fontSize(12).text(winAnsi(r.title));
  doc.moveDown(0.6).font("Helvetica-Bold").fontSize(11).text(`Reference ${r.reference}`);
  doc.font("Helvetica").text(`Status: ${winAnsi(r.status)}`);

  const section = (title: string, lines: ReceiptLine[]) => {
    if (lines.length === 0) return;
    doc.moveDown(1);
    doc.font("Helvetica-Bold").fontSize(12).text(title);
    const y = doc.y + 2;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).strokeColor("black").stroke();
    doc.moveDown(0.4).fontSize(11);
    for (const l of lines) {
      const top = doc.y;
      doc.font("Helvetica").text(winAnsi(l.label), MARGIN, top, { width: LABEL_WIDTH - 10 });
      const afterLabel = doc.y;
      doc.font("Helvetica-Bold").text(winAnsi(l.value), MARGIN + LABEL_WIDTH, top, { width: width - LABEL_WIDTH });
      doc.y = Math.max(afterLabel, doc.y) + 3;
    }
    doc.x = MARGIN;
  };
  section("Parties", r.parties.map((p) => ({ label: p.role, value: p.name })));
  section("Amounts", r.amounts);
  section("Times", r.times);
  section("Details", r.details);
  doc.moveDown(2).font("Helvetica").fontSize(9).fillColor("black");
  doc.text(`Times are in ${winAnsi(r.timeZone)}. Amounts are as recorded when the ${r.kind} was made. Keep this receipt for your records.`, MARGIN, doc.y, { width });
  doc.end();
  return done;
}
