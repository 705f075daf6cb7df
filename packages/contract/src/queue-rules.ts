/**
 * The administrators' queues (decision 021) without their schema: a zod-free module (as the other
 * `-rules` modules), so that the dashboard's first load takes no schema with it (decision 014).
 */
/** Where each queue is: the dashboard's cards and the Admin Panel's tabs link there. */
export const ADMIN_QUEUE_LINKS = {
  sales_to_verify: '/admin/verifysales',
  pending_members: '/admin/adminmembers?status=Pending',
  open_tickets: '/admin/adminticketlist',
  licences_to_verify: '/admin/compliance#to-verify',
  held_commissions: '/admin/compliance#held',
  privacy_requests: '/admin/privacy/requests',
  agency_tax_details: '/admin/admincommissions#agency-tax',
} as const;
