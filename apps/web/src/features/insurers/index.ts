/** What other features use of Insurers: the sale form's list of names. The query module only. */
export { useInsurerOptions } from './api';
