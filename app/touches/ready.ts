/**
 * The page's scripts have taken over: `data-hydrated` on <body>, as the hydrated layouts set it on
 * their root once React has (app/routes/_main.tsx). Tests wait for it before using what only works
 * with JavaScript.
 */
export function markReady(doc: Document) {
  doc.body.setAttribute("data-hydrated", "");
}
