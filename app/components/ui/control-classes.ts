/**
 * The border and outline of a form control, valid or not (ui/Field.tsx). Apart, so the touches
 * script can give a control its valid look back without React (app/touches/field-errors.ts).
 */
export const CONTROL_INVALID = "border-money-out-700 focus-visible:outline-money-out-700";
export const CONTROL_VALID = "border-gray-300 focus:border-brand-600 focus-visible:outline-brand-600";
