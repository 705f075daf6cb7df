import type { Texts } from '../../i18n/texts';
import type { privacyEn } from './i18n.en';

/** Settings → Privacy and the consent page in Filipino (decision 030). */
export const privacyFil: Texts<typeof privacyEn> = {
  download: {
    title: 'Ang data mo',
    description: 'I-download ang kopya ng lahat ng itinatago ng portal tungkol sa iyo, at itama ang mali.',
    copyIs:
      'Ang kopya ay isang .zip file: isang JSON file para sa bawat uri ng record ({{holds}}) at ang mga file na in-upload mo (ang photo, valid ID at mga licence scan mo).',
    holds:
      'ang profile mo, personal at bank details, mga certification, licence, deal, proposal, sales, commission entry at statement, mga figure ng BIR Form 2307, ticket, notification, ang mga privacy notice na tinanggap mo at kung sino ang nag-access ng data mo',
    button: 'I-download ang data ko',
    correctBefore:
      'Maitatama mo mismo ang karamihan ng detalye mo sa ibang tab ng Settings. Para maitama ang hindi mo mababago (halimbawa, ang pangalan mo kapag aprubado na ang account mo), magbukas ng ticket na Privacy ang type sa ',
    helpCenter: 'Help Center',
    correctAfter: '.',
    done: 'Na-download ang file',
    failed: 'Hindi na-download',
  },
  erasure: {
    title: 'Humiling ng erasure',
    description: 'Hilingin sa ahensya na burahin ang personal data mo at isara nang tuluyan ang account mo.',
    removesTitle: 'Ang binubura ng erasure',
    removes1: 'Ang pangalan, username, e-mail address at contact number mo',
    removes2: 'Ang address, birthday at TIN mo',
    removes3: 'Ang bank details at mga certification mo',
    removes4: 'Ang photo, valid ID at mga licence scan mo (binubura ang mga file)',
    final: 'Kapag tapos na ito, hindi ka na makakapag-log in. Hindi na ito maibabalik.',
    lawTitle: 'Ang itinatago ayon sa batas',
    law: 'Kailangang itago ng ahensya ang mga libro nito nang limang taon (ang Tax Code, ayon sa pagbabago ng EOPT Act). Mananatili ang sales, commission entry at statement, at mga figure ng BIR Form 2307 mo, nakalagay bilang "{{erased}}" sa halip na ang pangalan mo, at buburahin pagkatapos ng panahong iyon.',
    answers: 'Sasagutin ng administrator ang hiling mo sa loob ng {{days}} working day. Puwede mo munang i-download ang data mo.',
    loading: 'Nilo-load ang hiling mong erasure…',
    failed: 'Hindi ma-load ang hiling mong erasure.',
    tryAgain: 'Subukan ulit',
    button: 'Humiling ng erasure',
    again: 'Humiling ulit ng erasure',
  },
  request: {
    title: 'Ang hiling mong erasure',
    requested: 'Hiniling noong',
    due: 'Sasagutin hanggang',
    decided: 'Napagpasyahan noong',
    reason: 'Dahilan',
    oneAtATime: 'Isang hiling lang bawat pagkakataon: puwede kang humiling ulit kapag napagpasyahan na ito.',
    refused: 'Mananatili ang data mo. Kung gusto mo pa ring ipabura ito, puwede kang humiling ulit.',
    status: {
      open: 'Hinihintay ang pasya',
      approved: 'Aprubado: nabura na ang data mo',
      refused: 'Tinanggihan',
    },
  },
  dialog: {
    title: 'Hilingin ang erasure ng data mo?',
    description:
      'Tuluyang buburahin ng administrator ang personal data mo kapag inaprubahan niya ito, at hindi ka na makakapag-log in. Kumpirmahin gamit ang password mo.',
    cancel: 'Kanselahin',
    confirm: 'Humiling ng erasure',
    password: 'Password',
    passwordHint: 'Ang kasalukuyang password mo.',
    sent: 'Naipadala ang hiling mong erasure. Sasagot ang ahensya hanggang {{date}}.',
    sendFailed: 'Hindi naipadala ang hiling mo.',
    sendFailedReason: 'Hindi naipadala ang hiling mo. {{reason}}',
  },
  access: {
    title: 'Sino ang nag-access ng data ko',
    description:
      'Bawat pagkakataong binuksan ng administrator o ng leader ang personal details, ID, bank details o licence mo, in-export ang data mo, o nabasa ang pangalan at e-mail mo sa listahan ng mga miyembro. Hindi kasama ang sarili mong pagtingin.',
    who: 'Sino',
    what: 'Ano',
    detail: 'Detalye',
    when: 'Kailan (oras sa Pilipinas)',
    loading: 'Nilo-load kung sino ang nag-access ng data mo…',
    failed: 'Hindi ma-load ang listahan ng nag-access ng data mo.',
    emptyTitle: 'Wala pang nagbukas ng data mo.',
    emptyDescription: 'Kapag binuksan ng administrator o ng leader ang personal details, ID, bank details o licence mo, makikita ito rito.',
    noun: 'mga access entry',
    kinds: {
      personal_details: 'Personal details',
      valid_id: 'Valid ID',
      bank_details: 'Bank details',
      tin: 'TIN',
      licences: 'Mga licence',
      licence_scan: 'Licence scan',
      data_export: 'Export ng data',
      member_list: 'Pangalan at e-mail, sa listahan ng mga miyembro',
    },
  },
  consent: {
    documentTitle: 'Privacy Notice',
    title: 'Nagbago ang aming Privacy Notice',
    lead: 'Pakibasa ang Privacy Notice ng ahensya at tanggapin ito para makapagpatuloy sa portal mo.',
    version: 'Bersyon {{version}}, inilathala noong {{date}}',
    notice: 'Privacy Notice',
    loadFailed: 'Hindi ma-load ang Privacy Notice.',
    tryAgain: 'Subukan ulit',
    saveFailed: 'Hindi na-save ang pagtanggap mo. Pakisubukan ulit.',
    agree:
      'Sa pagtanggap, pumapayag ka sa pagproseso ng personal data mo ayon sa notice. Puwede mong i-download ang data mo o hilingin ang erasure nito anumang oras sa Settings → Privacy.',
    logout: 'Mag-log out',
    accept: 'Tinatanggap ko',
  },
};
