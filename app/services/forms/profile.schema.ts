/** The /profile nickname form's schema (spec §5). */
import { z } from "zod";
import { nickname } from "../../../contract/fields";

export const nicknameSchema = z.object({ nickname });
