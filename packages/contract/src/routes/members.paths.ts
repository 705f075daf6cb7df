/**
 * The method and address of each route of routes/members.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const membersPaths = {
  editMember: { method: 'POST', path: '/api/editMember' },
  getUserDetails: { method: 'POST', path: '/api/getuserdetails' },
  photo: { method: 'GET', path: '/api/photo/:id' },
  downloadValidId: { method: 'GET', path: '/api/downloadvalidid/:id' },
  adminMemberRecords: { method: 'POST', path: '/api/adminmemberrecords' },
  membersRecord: { method: 'POST', path: '/api/membersrecord' },
  getHierarchy: { method: 'POST', path: '/api/gethiearchy' },
  teamSize: { method: 'POST', path: '/api/teamsize' },
  adminMemberSearch: { method: 'POST', path: '/api/adminmembersearch' },
  adminMemberCounts: { method: 'POST', path: '/api/adminmembercounts' },
  approveMember: { method: 'POST', path: '/api/approvemember' },
  deactivateMember: { method: 'POST', path: '/api/deactivatemember' },
  memberHistory: { method: 'POST', path: '/api/memberhistory' },
  reportEmailChange: { method: 'POST', path: '/api/reportemailchange' },
} as const;
