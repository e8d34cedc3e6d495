/** The /profile nickname form's schema (docs/product/validation.md). */
import { z } from "zod";
import { nickname } from "../../../contract/fields";

export const nicknameSchema = z.object({ nickname });
