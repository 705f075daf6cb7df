/**
 * What other features use of Materials: the file drop zone (Admin Panel → Statements' upload takes
 * an insurer's statement with it).
 */
export { FileDrop } from './file-drop';
