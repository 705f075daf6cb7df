import type { Texts } from '../../i18n/texts';
import type { materialsEn } from './i18n.en';

/** The materials in Filipino (see materials.en.ts). */
export const materialsFil: Texts<typeof materialsEn> = {
  titleMarketing: 'Marketing',
  titleLearning: 'Mga Learning Resource',
  descriptionMarketing: 'Mga brochure, flyer at iba pang material na maibabahagi mo sa mga kliyente mo.',
  descriptionLearning: 'Mga gabay, product sheet at training file mula sa ahensya.',
  errorFetchingSections: 'Hindi ma-load ang mga section',
  serverFailed: 'Nagka-problema ang server',
  fileDownloaded: 'Na-download ang file',
  downloadFailed: 'Hindi na-download',
  loadingSections: 'Nilo-load ang mga section…',
  sectionsFailed: 'Hindi ma-load ang mga section. Tingnan ang koneksyon mo at subukan ulit.',
  tryAgain: 'Subukan ulit',
  noSections: 'Wala pang section',
  noSectionsText: 'Lalabas dito ang mga material kapag na-publish na ng ahensya.',
  download: '(I-download)',
  downloadTitle: 'I-download ang {{title}}',
  section: 'Section',
  files_one: '{{n}} file',
  files_other: '{{n}} file',
  sectionFailed: 'Hindi ma-load ang mga material ng section na ito.',
  noMaterials: 'Wala pang material sa section na ito.',
  materialsIn: 'Mga material sa {{section}}',
  uploaded: 'In-upload noong',
  loadingMaterials: 'Nilo-load ang mga material…',
};
