/**
 * What other features use of Members: the member search of the admin's forms, the dashboard's team
 * size, the Settings tabs' details, hierarchy and password, the photo of the profile popup, and the
 * keys that a change elsewhere (bank details, sessions) reloads. The query module only (see
 * features/commissions/index.ts).
 */
export {
  membersKeys,
  useChangePasswordMutation,
  useDownloadValidIdMutation,
  useHierarchy,
  useMemberMatches,
  useProfilePhotoMutation,
  useSavePersonalDetailsMutation,
  useTeamSize,
  useUserDetails,
} from './api';
