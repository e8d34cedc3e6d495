/** The localStorage key of the Notification sound switch (/profile), read by the chat (sound.client.ts). */
export const NOTIFICATION_SOUND_KEY = "notificationSound";
