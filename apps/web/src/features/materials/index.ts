/**
 * What other features use of Materials: the file drop zone (Admin Panel → Statements' upload takes
 * an insurer's statement with it), and the libraries' sections and files (University's course
 * editor offers them as modules).
 */
export { FileDrop } from './file-drop';
export { fetchMaterials, fetchSections } from './api';
