import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_TYPES, MEMBER_STATUSES, POSITIONS } from '@ahente/contract/enums';
import { labelOf, labelOptions } from '@ahente/contract/labels';
import {
  adminOnlyFields,
  personalFields,
  type EditMemberRequest,
  type MemberListRecord,
  type MemberRecord,
  type PersonRef,
  type UserDetails,
} from '@ahente/contract/members';
import { ADMIN_MODAL_CLOSE_MS, MSG } from '@ahente/contract/messages';
import { isApiError } from '../../api/client';
import { AddressFields, useAddressLists } from '../settings';
import { useEditMemberMutation, useUserDetails } from './api';
import { useCurrentUser } from '../../api/session';
import { formSchemaFor } from '../../lib/form-schema';
import { fullName } from '@ahente/contract/names';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Notice, type NoticeTone } from '../../ui/notice';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { BankForm } from './bank-form';
import { MemberHistory } from './member-history';
import { MemberSecurity } from './member-security';
import { PasswordForm } from './password-form';
import { memberIdText, nameWithId } from '@ahente/contract/labels';

/** What the form's inputs hold: text, '' for nothing. */
interface MemberFormValues {
  email: string;
  f_name: string;
  m_name: string;
  l_name: string;
  contact_no: string;
  address_number: string;
  address_street: string;
  /** PSGC codes (decision 015), chosen through the same cascade as Personal Details. */
  address_region: string;
  address_city: string;
  address_barangay: string;
  tin: string;
  reg_date: string;
  status: string;
  account_type: string;
  position: string;
}

/** The editable fields, validated as the server validates them (the contract's schemas). */
const memberFormSchema = formSchemaFor<MemberFormValues>()(
  z.object({
    email: personalFields.email,
    f_name: personalFields.f_name,
    m_name: personalFields.m_name,
    l_name: personalFields.l_name,
    contact_no: personalFields.contact_no,
    address_number: personalFields.address_number,
    address_street: personalFields.address_street,
    address_region: personalFields.address_region,
    address_city: personalFields.address_city,
    address_barangay: personalFields.address_barangay,
    tin: personalFields.tin,
    reg_date: adminOnlyFields.reg_date,
    status: adminOnlyFields.status,
    account_type: adminOnlyFields.account_type,
    position: adminOnlyFields.position,
  }),
);
type MemberFormOutput = z.output<typeof memberFormSchema>;
type EditableField = keyof MemberFormOutput;

/**
 * What the modal edits: the member as the list carries them (no contact number, no address:
 * decision 027) and their personal details, read one member at a time (getuserdetails, logged).
 */
type PersonalPart = Pick<
  UserDetails,
  'contact_no' | 'address_number' | 'address_street' | 'address_region' | 'address_city' | 'address_barangay' | 'tin'
>;
export type EditedMember = MemberListRecord & PersonalPart;

function toForm(member: EditedMember): MemberFormValues {
  return {
    email: member.email,
    f_name: member.f_name,
    m_name: member.m_name ?? '',
    l_name: member.l_name,
    contact_no: member.contact_no,
    address_number: member.address_number ?? '',
    address_street: member.address_street ?? '',
    address_region: member.address_region ?? '',
    address_city: member.address_city ?? '',
    address_barangay: member.address_barangay ?? '',
    tin: member.tin ?? '',
    reg_date: member.reg_date.slice(0, 10),
    status: member.status,
    account_type: member.account_type,
    position: member.position,
  };
}

/** The fields whose (normalised) value differs from the member's: only these are sent (decision 015). */
export function changedFields(member: EditedMember, values: MemberFormOutput): Partial<MemberFormOutput> {
  const before: Record<EditableField, string | null> = {
    email: member.email,
    f_name: member.f_name,
    m_name: member.m_name || null,
    l_name: member.l_name,
    contact_no: member.contact_no,
    address_number: member.address_number || null,
    address_street: member.address_street || null,
    address_region: member.address_region || null,
    address_city: member.address_city || null,
    address_barangay: member.address_barangay || null,
    tin: member.tin || null,
    reg_date: member.reg_date.slice(0, 10),
    status: member.status,
    account_type: member.account_type,
    position: member.position,
  };
  const changed: Partial<Record<EditableField, unknown>> = {};
  for (const key of Object.keys(before) as EditableField[]) {
    const after = values[key] ?? null;
    if (after !== before[key]) changed[key] = after;
  }
  return changed as Partial<MemberFormOutput>;
}

/** "Juan Cruz (ID#: 12)", or a dash when the member has no such leader. */
function leader(person: PersonRef | null): string {
  return person ? nameWithId(fullName(person), person.id) : '—';
}

interface EditMemberModalProps {
  member: MemberListRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The member as saved: the edit's answer, with the TIN as sent (the answer carries none). */
function afterSave(updated: MemberRecord, tin: string | null): EditedMember {
  return {
    ...updated,
    address_number: updated.address_number ?? null,
    address_street: updated.address_street ?? null,
    address_region: updated.address_region ?? null,
    address_city: updated.address_city ?? null,
    address_barangay: updated.address_barangay ?? null,
    tin,
  };
}

/**
 * 'Edit Member Details': username, referral code and the hierarchy read-only; status, account type,
 * position and the personal fields editable. Save sends only the changed fields; with none it warns
 * and sends nothing. A successful save closes the modal after 3 s. The bank details and password
 * sub-forms (each with its own button, neither a member change), the sign-in actions (sign out
 * everywhere, reset two-factor sign-in) and the member's history sit below.
 */
export function EditMemberModal({ member: listed, open, onOpenChange }: EditMemberModalProps) {
  // The contact number, the address and the TIN are read for this member only (logged, decision 027).
  const details = useUserDetails(listed.id);
  if (details.isSuccess) {
    return (
      <EditMemberForm
        initial={{ ...listed, ...pickPersonal(details.data), address: details.data.address ?? null }}
        open={open}
        onOpenChange={onOpenChange}
      />
    );
  }
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Member Details"
      description={`Member ID # ${listed.id}`}
      size="xl"
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
      }
    >
      {details.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
          <p className="font-medium text-slate-700">The member’s details could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void details.refetch()} loading={details.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
          <span className="sr-only" role="status">
            Loading the member’s details…
          </span>
        </div>
      )}
    </Modal>
  );
}

function pickPersonal(d: UserDetails): PersonalPart {
  return {
    contact_no: d.contact_no,
    address_number: d.address_number,
    address_street: d.address_street,
    address_region: d.address_region,
    address_city: d.address_city,
    address_barangay: d.address_barangay,
    tin: d.tin,
  };
}

/** The free-text address from before the cascade, when the member has one on record. */
type EditedWithAddress = EditedMember & { address: string | null };

function EditMemberForm({
  initial,
  open,
  onOpenChange,
}: {
  initial: EditedWithAddress;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const editMember = useEditMemberMutation();
  const user = useCurrentUser();
  // An administrator's own position, account type and status are another administrator's to change,
  // and their own e-mail needs their password (Settings): shown read-only here
  // (decisions 027 and 011).
  const isSelf = initial.id === user.memberId;
  const [member, setMember] = useState(initial);
  const [saved, setSaved] = useState(false);
  // The outcome of the last Save, said in the dialog (toasts sit behind it for assistive technology).
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string; detail?: string; seq: number } | null>(null);
  const say = (tone: NoticeTone, text: string, detail?: string) =>
    setNotice((current) => ({ tone, text, detail, seq: (current?.seq ?? 0) + 1 }));
  const formId = useId();
  const form = useForm<MemberFormValues, unknown, MemberFormOutput>({
    resolver: zodResolver(memberFormSchema),
    defaultValues: toForm(initial),
  });
  const { errors } = form.formState;
  const [region, city] = useWatch({ control: form.control, name: ['address_region', 'address_city'] });
  const addressLists = useAddressLists(region, city);

  // After a successful save the modal closes by itself (after 3000 ms).
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => onOpenChange(false), ADMIN_MODAL_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [saved, onOpenChange]);

  const save = async (values: MemberFormOutput) => {
    const changes = changedFields(member, values);
    if (Object.keys(changes).length === 0) {
      say('warning', MSG.noChanges);
      return;
    }
    setNotice(null);
    try {
      const { member: updated } = await editMember.mutateAsync({ id: member.id, ...changes } as EditMemberRequest);
      const saved = { ...afterSave(updated, changes.tin !== undefined ? changes.tin : member.tin), address: updated.address };
      setMember(saved);
      form.reset(toForm(saved));
      setSaved(true);
      say('success', MSG.memberUpdated);
    } catch (error) {
      // The server's reason too when it is about the input (e.g. 409: the email is taken).
      say('error', MSG.memberUpdateFailed, isApiError(error) && error.status < 500 ? error.error : undefined);
    }
  };

  const invalid = () => say('error', MSG.memberUpdateFailed, 'Check the fields marked in red.');

  const busy = editMember.isPending || form.formState.isSubmitting;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      title="Edit Member Details"
      description={`Member ID # ${member.id}`}
      size="xl"
      footer={
        <>
          {notice && (
            <Notice key={notice.seq} tone={notice.tone} detail={notice.detail} className="mr-auto w-full sm:w-auto sm:max-w-md sm:flex-1">
              {notice.text}
            </Notice>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {saved ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={saved}>
            Save Changes
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        <form
          id={formId}
          noValidate
          aria-busy={busy || undefined}
          onSubmit={form.handleSubmit(save, invalid)}
          className="flex flex-col gap-6"
        >
          <FormSection title="Account Information">
            <Field label="Username">
              <Input readOnly value={member.username} autoComplete="off" />
            </Field>
            <Field label="Referral Code">
              <Input readOnly value={member.referral_code} className="font-mono" />
            </Field>
          </FormSection>

          <FormSection title="Hierarchy Information" note="Derived from the sponsor chain: change a position to change it.">
            <Field label="Sponsor">
              <Input readOnly value={leader(member.referror_details)} />
            </Field>
            <Field label="Manager">
              <Input readOnly value={leader(member.manager_details)} />
            </Field>
            <Field label="Agency Manager">
              <Input readOnly value={leader(member.agency_manager_details)} />
            </Field>
            <Field label="Agency Owner">
              <Input readOnly value={leader(member.agency_owner_details)} />
            </Field>
          </FormSection>

          <FormSection title="Personal Information">
            <Field label="First Name" error={errors.f_name?.message}>
              <Input autoComplete="off" {...form.register('f_name')} />
            </Field>
            <Field label="Middle Name" error={errors.m_name?.message}>
              <Input autoComplete="off" {...form.register('m_name')} />
            </Field>
            <Field label="Last Name" error={errors.l_name?.message}>
              <Input autoComplete="off" {...form.register('l_name')} />
            </Field>
            <Field
              label="Email"
              error={errors.email?.message}
              hint={isSelf ? 'Change your own email in Settings → Personal Details: it asks for your password.' : undefined}
            >
              <Input type="email" autoComplete="off" readOnly={isSelf} {...form.register('email')} />
            </Field>
            <Field label="Contact No" error={errors.contact_no?.message}>
              <Input inputMode="numeric" autoComplete="off" maxLength={11} {...form.register('contact_no')} />
            </Field>
            <Field label="Registration Date" error={errors.reg_date?.message}>
              <Input type="date" {...form.register('reg_date')} />
            </Field>
            <Field label="Unit/House Number" error={errors.address_number?.message}>
              <Input autoComplete="off" {...form.register('address_number')} />
            </Field>
            <Field label="Street" error={errors.address_street?.message}>
              <Input autoComplete="off" {...form.register('address_street')} />
            </Field>
            <AddressFields control={form.control} lists={addressLists} />
            <Field
              label="TIN"
              error={errors.tin?.message}
              hint="000-000-000 or 000-000-000-000. Recorded in the history with its last digits only."
            >
              <Input inputMode="numeric" autoComplete="off" maxLength={40} {...form.register('tin')} />
            </Field>
            {member.address && (
              // A free-text address from before the cascade: still on record, shown so nothing is hidden.
              <Field label="Address (free text, on record)" className="sm:col-span-2">
                <Input readOnly value={member.address} />
              </Field>
            )}
          </FormSection>

          <FormSection
            title="Account Settings"
            note={isSelf ? 'Your own status, account type and position are changed by another administrator.' : undefined}
          >
            {isSelf ? (
              <>
                <Field label="Status">
                  <Input readOnly value={labelOf('memberStatus', member.status)} />
                </Field>
                <Field label="Account Type">
                  <Input readOnly value={labelOf('accountType', member.account_type)} />
                </Field>
                <Field label="Position">
                  <Input readOnly value={labelOf('position', member.position)} />
                </Field>
              </>
            ) : (
              <>
                <Field label="Status" error={errors.status?.message}>
                  <Select options={labelOptions('memberStatus', MEMBER_STATUSES)} {...form.register('status')} />
                </Field>
                <Field label="Account Type" error={errors.account_type?.message}>
                  <Select options={labelOptions('accountType', ACCOUNT_TYPES)} {...form.register('account_type')} />
                </Field>
                <Field label="Position" error={errors.position?.message}>
                  <Select options={labelOptions('position', POSITIONS)} {...form.register('position')} />
                </Field>
              </>
            )}
          </FormSection>
        </form>

        <BankForm memberId={member.id} />
        <PasswordForm memberId={member.id} />
        <MemberSecurity memberId={member.id} memberName={fullName(member)} />
        <MemberHistory memberId={member.id} />
      </div>
    </Modal>
  );
}

function FormSection({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h3>
      {note && <p className="mt-0.5 text-xs text-slate-500">{note}</p>}
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

interface ChangePasswordModalProps {
  member: MemberListRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The row menu's Change Password: the same password form, opened at once. */
export function ChangePasswordModal({ member, open, onOpenChange }: ChangePasswordModalProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Modal
      initialFocus={input}
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      description={`${fullName(member)} · ${memberIdText(member.id)}`}
      size="sm"
    >
      <PasswordForm
        memberId={member.id}
        initiallyOpen
        inputRef={input}
        onChanged={() => {
          // This dialog closes at once: the toast says it.
          toast.success(MSG.passwordChanged);
          onOpenChange(false);
        }}
      />
    </Modal>
  );
}
