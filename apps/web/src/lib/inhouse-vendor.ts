/**
 * The in-house vendor's code in the catalogue, as the shared schemas module has it
 * (`@wps/shared/schemas/inhouse`, checked equal by inhouse-vendor.test.ts). The home page and the game page
 * read it from here: importing it from there loads the schema library (zod) and the schemas it
 * imports, some 60 KB of script evaluated on the phone's main thread for one word.
 */
export const INHOUSE_VASSALAGE = 'inhouse';
