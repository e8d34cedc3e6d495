/** How long a toast stays with JavaScript (ui/Toast.tsx, and app/touches/toast.ts on islands-only pages). */
export const TOAST_MS = 3000;
