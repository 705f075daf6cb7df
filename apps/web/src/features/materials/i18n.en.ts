import { LIBRARY_TITLES } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';

/**
 * The materials as agents see them (decision 022: the Learning and Marketing libraries): the
 * library's page, its Section select, the list and its downloads. The spec's messages come from
 * MSG, the libraries' titles from the contract. The admin's upload and edit cards stay in English.
 */
export const materialsEn = {
  titleMarketing: LIBRARY_TITLES.Marketing,
  titleLearning: LIBRARY_TITLES.Learning,
  descriptionMarketing: 'Brochures, flyers and other materials to share with your clients.',
  descriptionLearning: 'Guides, product sheets and training files from the agency.',
  errorFetchingSections: MSG.errorFetchingSections,
  serverFailed: MSG.serverFailed,
  fileDownloaded: MSG.fileDownloaded,
  downloadFailed: MSG.downloadFailed,
  loadingSections: 'Loading sections…',
  sectionsFailed: 'The sections could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
  noSections: 'No sections yet',
  noSectionsText: 'Materials will appear here as soon as the agency publishes them.',
  download: '(Download)',
  downloadTitle: 'Download {{title}}',
  section: 'Section',
  files_one: '{{n}} file',
  files_other: '{{n}} files',
  sectionFailed: 'The materials of this section could not be loaded.',
  noMaterials: 'No materials in this section yet.',
  materialsIn: 'Materials in {{section}}',
  uploaded: 'Uploaded',
  loadingMaterials: 'Loading materials…',
};
