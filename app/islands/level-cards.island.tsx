/**
 * The level-cards island (ADR 0067): the eight level cards, drawn by the server as the snapping
 * list and, once hydrated alone, the looping coverflow that opens on the user's level
 * (components/membership/LevelCards.tsx, plain React).
 */
import { LevelCards } from "~/components/membership/LevelCards";

export default LevelCards;
