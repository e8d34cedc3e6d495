import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";

/**
 * Look and feel: see docs/product/look.md.
 * Colour roles (all text shades reach WCAG AA, 4.5:1, on white and on the
 * gray-100 page background):
 *   brand     primary actions, links, focus ring (brand-600 on white 6.3:1)
 *   money-in  money in, success (DEFAULT = green-700, 5.0:1 on white)
 *   money-out money out, errors, destructive actions (DEFAULT = red-700, 6.5:1)
 *   wait      waiting states and timers (DEFAULT = amber-700, 5.0:1)
 *   gray      everything else; use gray-600 or darker for text (gray-500 fails on gray-100)
 * Tinted backgrounds: `bg-money-in-50 text-money-in-800` etc. (6.4:1 and up).
 */
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    container: {
      center: true,
      padding: { DEFAULT: "1rem", sm: "1.5rem" },
      // Cap the centred column at about 1120 px.
      screens: { sm: "640px", md: "768px", lg: "1024px", xl: "1120px" },
    },
    extend: {
      colors: {
        brand: {
          50: "#eef2ff",
          100: "#e0e8ff",
          200: "#c7d4fe",
          300: "#a3b8fc",
          400: "#7892f8",
          500: "#4f6cf0",
          600: "#2f54d6",
          700: "#2743b3",
          800: "#243a8f",
          900: "#223470",
          950: "#161f42",
          DEFAULT: "#2f54d6",
        },
        "money-in": {
          50: "#f0fdf4",
          100: "#dcfce7",
          200: "#bbf7d0",
          500: "#22c55e",
          600: "#16a34a",
          700: "#15803d",
          800: "#166534",
          DEFAULT: "#15803d",
        },
        "money-out": {
          50: "#fef2f2",
          100: "#fee2e2",
          200: "#fecaca",
          500: "#ef4444",
          600: "#dc2626",
          700: "#b91c1c",
          800: "#991b1b",
          DEFAULT: "#b91c1c",
        },
        wait: {
          50: "#fffbeb",
          100: "#fef3c7",
          200: "#fde68a",
          500: "#f59e0b",
          600: "#d97706",
          700: "#b45309",
          800: "#92400e",
          DEFAULT: "#b45309",
        },
      },
      fontFamily: {
        sans: [
          "system-ui",
          "-apple-system",
          '"Segoe UI"',
          "Roboto",
          '"Helvetica Neue"',
          "Arial",
          '"Noto Sans"',
          "sans-serif",
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
        ],
      },
      maxWidth: {
        content: "1120px",
      },
    },
  },
  // `js:` styles what only shows with JavaScript (app/services/layout/script-class.ts, ADR 0062).
  plugins: [plugin(({ addVariant }) => addVariant("js", ".js &"))],
} satisfies Config;
