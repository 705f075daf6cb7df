import { FileSpreadsheet, FilterX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  PORTFOLIO_PAGE_SIZES,
  POLICY_STATUSES,
  startRenewalConflict,
  type PolicyRow,
  type PolicyStatus,
  type PortfolioScope,
} from '@ahente/contract/portfolio';
import { EXPIRING_WITHIN_DAYS, POLICY_DUE_DAYS } from '@ahente/contract/portfolio-rules';
import { isApiError, serverReason } from '../../api/client';
import { exportPortfolio, usePortfolio, useStartRenewal, type PortfolioQuery } from './api';
import { useCurrentUser } from '../../api/session';
import './i18n';
import { useLanguage } from '../../i18n';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { SubNav } from '../../ui/sub-nav';
import { TableScrollHint } from '../../ui/table';
import { toast } from '../../ui/toast';
import { ExpiringFilter, PolicySearch, StatusCounts } from './portfolio-filters';
import { emptyText, hasFilters, type PortfolioFilters } from './portfolio-format';
import { PortfolioTable } from './portfolio-table';

/** Typing pauses this long before the server is asked (Enter asks at once). */
const SEARCH_DELAY_MS = 300;

type PageSize = (typeof PORTFOLIO_PAGE_SIZES)[number];

const SCOPE_LABELS = { own: 'portfolio.scopeOwn', team: 'portfolio.scopeTeam' } as const;
const scopeLink = (scope: PortfolioScope) => (scope === 'own' ? '/portfolio' : '/portfolio?scope=team');

/**
 * The filters in the address, so that a link opens them (a notification's /portfolio?status=due):
 * `status`, `within` (30, 60 or 90 days), `q` and `scope=team`. Anything else is ignored.
 */
function filtersFrom(params: URLSearchParams): PortfolioFilters & { scope: PortfolioScope } {
  const status = params.get('status') ?? '';
  const within = Number(params.get('within'));
  return {
    status: (POLICY_STATUSES as readonly string[]).includes(status) ? (status as PolicyStatus) : null,
    within: (EXPIRING_WITHIN_DAYS as readonly number[]).includes(within) ? within : null,
    q: (params.get('q') ?? '').trim(),
    scope: params.get('scope') === 'team' ? 'team' : 'own',
  };
}

/**
 * /portfolio (decision 025): the member's book of business, paged on the server: the counts per
 * status (each a filter), "Expiring in 30 / 60 / 90 days", a search on the customer or the policy
 * number, Export To Excel, and Renew on a due or lapsed policy, which creates its Renewal deal and
 * opens it in the Deals Table. A leader also has 'My team': the downline's pipeline without the
 * clients.
 */
export function PortfolioPage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const { scope } = filters;
  const team = scope === 'team';

  // The page and its size; a change of filters (from the screen or a link) starts again at page 1.
  const filterKey = `${scope}|${filters.status}|${filters.within}|${filters.q}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });
  const [pageSize, setPageSize] = useState<PageSize>(PORTFOLIO_PAGE_SIZES[0]);

  const query: PortfolioQuery = {
    id: user.memberId,
    scope,
    q: team ? '' : filters.q,
    page,
    pageSize,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.within !== null ? { due_within_days: filters.within as (typeof EXPIRING_WITHIN_DAYS)[number] } : {}),
  };
  const portfolio = usePortfolio(query);
  const data = portfolio.data;

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The search box follows the address, and the address follows the box after a pause in typing.
  const [text, setText] = useState(filters.q);
  const [typedFor, setTypedFor] = useState(filters.q);
  if (typedFor !== filters.q) {
    setTypedFor(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }
  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = window.setTimeout(() => update({ q: text.trim() }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, filters.q, update]);

  // A shorter list after a reload (a policy renewed meanwhile) falls back to its last page.
  const total = data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (portfolio.isSuccess && !portfolio.isPlaceholderData && page > lastPage) setPage(lastPage);

  const { mutate: startRenewal } = useStartRenewal();
  const [renewing, setRenewing] = useState<number | null>(null);
  const renewingRef = useRef(false);
  const onRenew = useCallback(
    (row: PolicyRow) => {
      if (renewingRef.current) return;
      renewingRef.current = true;
      setRenewing(row.sale_id);
      const done = () => {
        renewingRef.current = false;
        setRenewing(null);
      };
      startRenewal(row.sale_id, {
        onSuccess: ({ deal_id }) => {
          done();
          toast.success(t('portfolio.renewalCreated'));
          void navigate(`/deals/dealsview?deal=${deal_id}`);
        },
        onError: (error) => {
          done();
          const existing = isApiError(error, 409) ? startRenewalConflict.safeParse(error.body).data?.deal_id : undefined;
          if (existing !== undefined) {
            toast.info(t('portfolio.renewalExists'));
            void navigate(`/deals/dealsview?deal=${existing}`);
            return;
          }
          const reason = serverReason(error);
          toast.error(t('portfolio.renewalFailed', { reason: reason ? ` ${reason}` : '' }));
        },
      });
    },
    [startRenewal, navigate, t],
  );

  const [exporting, setExporting] = useState(false);
  const exportingRef = useRef(false);
  const exportButton = useRef<HTMLButtonElement>(null);
  const onExport = async () => {
    if (exportingRef.current) return;
    exportingRef.current = true;
    setExporting(true);
    try {
      await exportPortfolio({
        id: query.id,
        scope: query.scope,
        q: query.q,
        ...(query.status ? { status: query.status } : {}),
        ...(query.due_within_days ? { due_within_days: query.due_within_days } : {}),
      });
    } catch (error) {
      const reason = serverReason(error);
      toast.error(t('portfolio.exportFailed', { reason: reason ?? t('portfolio.pleaseTryAgain') }));
    } finally {
      exportingRef.current = false;
      setExporting(false);
      // The button was disabled while busy, which dropped its focus: give it back.
      window.requestAnimationFrame(() => exportButton.current?.focus());
    }
  };

  const clearFilters = () => {
    setText('');
    update({ status: null, within: null, q: null });
  };
  const shownFilters: PortfolioFilters = { ...filters, q: team ? '' : filters.q };
  const empty = emptyText(shownFilters, team);
  const rows = data?.rows ?? [];
  const first = (page - 1) * pageSize;
  // The view the answer is for: a leader's team is shown without clients (decision 017).
  const clientsHidden = data?.clients_hidden ?? team;

  return (
    <>
      <PageHeader
        title={t('portfolio.title')}
        description={team ? t('portfolio.descriptionTeam') : t('portfolio.descriptionOwn', { days: POLICY_DUE_DAYS })}
        actions={
          <Button ref={exportButton} variant="outline" onClick={() => void onExport()} loading={exporting} disabled={!data || total === 0}>
            {!exporting && <FileSpreadsheet aria-hidden="true" />}
            {t('portfolio.export')}
          </Button>
        }
      />
      {data && data.scopes.length > 1 && (
        <SubNav
          label={t('portfolio.whose')}
          labelHidden
          current={scopeLink(scope)}
          items={data.scopes.map((s) => ({ label: t(SCOPE_LABELS[s]), to: scopeLink(s) }))}
        />
      )}

      <Card className="mb-5 p-4 sm:p-5">
        <StatusCounts value={filters.status} counts={data?.counts} onChange={(status) => update({ status })} />
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
          {!team && <PolicySearch value={text} onChange={setText} onSubmit={() => update({ q: text.trim() })} />}
          <ExpiringFilter value={filters.within} onChange={(days) => update({ within: days === null ? null : String(days) })} />
          {hasFilters(shownFilters) && (
            <Button variant="ghost" onClick={clearFilters} className="self-start sm:self-end">
              <FilterX aria-hidden="true" />
              {t('common.clearFilters')}
            </Button>
          )}
        </div>
      </Card>

      <Card className="overflow-hidden">
        <TableScrollHint>{t('portfolio.scrollHint')}</TableScrollHint>
        <PortfolioTable
          rows={rows}
          query={portfolio}
          clientsHidden={clientsHidden}
          empty={{
            ...empty,
            ...(hasFilters(shownFilters)
              ? {
                  action: (
                    <Button variant="outline" size="sm" onClick={clearFilters}>
                      {t('portfolio.showEvery')}
                    </Button>
                  ),
                }
              : {}),
          }}
          renewing={renewing}
          onRenew={team ? null : onRenew}
        />
        {portfolio.isSuccess && total > 0 && (
          <Pager
            noun={t('portfolio.pagerNoun')}
            page={page}
            lastPage={lastPage}
            first={first + 1}
            last={first + rows.length}
            total={total}
            pageSize={pageSize}
            pageSizes={PORTFOLIO_PAGE_SIZES}
            loading={portfolio.isPlaceholderData}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        )}
      </Card>
    </>
  );
}
