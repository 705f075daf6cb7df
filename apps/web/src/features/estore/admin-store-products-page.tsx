import { useState, type FormEvent } from 'react';
import { PRODUCTS } from '@ahente/contract/catalogue';
import type { StoreProductRecord } from '@ahente/contract/estore';
import { linesFor } from '@ahente/contract/licence-rules';
import { formatPeso } from '@ahente/contract/money';
import { serverReason } from '../../api/client';
import { useLanguage } from '../../i18n';
import './i18n';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { PageHeader } from '../../ui/page-header';
import { Select } from '../../ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableMessageRow, TableRow } from '../../ui/table';
import { toast } from '../../ui/toast';
import { useSaveStoreProduct, useStoreProducts } from './api';

/**
 * /admin/estore (issue 48 §1): the store catalogue. Each product with its description, image,
 * "from" price, the questions a quote needs and the licence lines that allow selling it (decision
 * 018's map: only the product's own lines are offered).
 */
export function AdminStoreProductsPage() {
  const { t } = useLanguage();
  const query = useStoreProducts();
  const [editing, setEditing] = useState<StoreProductRecord | 'new' | null>(null);
  const products = query.data?.products ?? [];
  return (
    <>
      <PageHeader
        title={t('estore.catalogue')}
        description={t('estore.catalogueDescription')}
        actions={
          <Button type="button" onClick={() => setEditing('new')}>
            {t('estore.addProduct')}
          </Button>
        }
      />
      {editing && (
        <ProductForm
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <Card>
        <Table caption={t('estore.catalogueCaption')}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t('estore.productField')}</TableHeaderCell>
              <TableHeaderCell>{t('estore.descriptionField')}</TableHeaderCell>
              <TableHeaderCell>{t('estore.linesField')}</TableHeaderCell>
              <TableHeaderCell className="text-right">{t('estore.priceFrom')}</TableHeaderCell>
              <TableHeaderCell>{t('estore.shown')}</TableHeaderCell>
              <TableHeaderCell>
                <span className="sr-only">{t('estore.editProduct')}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isPending ? (
              <TableMessageRow colSpan={6}>…</TableMessageRow>
            ) : products.length === 0 ? (
              <TableMessageRow colSpan={6}>{t('estore.noCatalogue')}</TableMessageRow>
            ) : (
              products.map((p) => (
                <TableRow key={p.id}>
                  <TableCell className="font-medium">
                    {p.image_url && <img src={p.image_url} alt="" className="mb-1 h-10 w-16 rounded object-cover" />}
                    {p.product}
                  </TableCell>
                  <TableCell className="max-w-80">{p.description}</TableCell>
                  <TableCell>{p.lines.join(', ')}</TableCell>
                  <TableCell className="text-right tabular-nums">{p.price_from === null ? '—' : formatPeso(p.price_from)}</TableCell>
                  <TableCell>{p.shown ? t('estore.visible') : t('estore.hidden')}</TableCell>
                  <TableCell>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(p)}
                      aria-label={`${t('estore.editProduct')} ${p.product}`}
                    >
                      {t('estore.editProduct')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Card>
    </>
  );
}

function ProductForm({ product, onDone }: { product: StoreProductRecord | null; onDone: () => void }) {
  const { t } = useLanguage();
  const save = useSaveStoreProduct();
  const [name, setName] = useState<string>(product?.product ?? PRODUCTS[0]!);
  const [lines, setLines] = useState<string[]>(product?.lines ?? [...linesFor(PRODUCTS[0]!)]);
  const allowed = linesFor(name);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (product) form.set('product_id', String(product.id));
    form.set('lines', lines.filter((l) => allowed.includes(l as never)).join(','));
    form.set('shown', form.get('shown') === 'on' ? 'true' : 'false');
    const image = form.get('image');
    if (image instanceof File && image.size === 0) form.delete('image');
    save.mutate(form, {
      onSuccess: () => {
        toast.success(t('estore.productSaved'));
        onDone();
      },
      onError: (err) => toast.error(serverReason(err) ?? t('estore.saveFailed')),
    });
  };
  return (
    <Card className="mb-5 p-5">
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
        <Field label={t('estore.productField')}>
          <Select
            name="product"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setLines([...linesFor(e.target.value)]);
            }}
          >
            {PRODUCTS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('estore.priceFrom')}>
          <Input name="price_from" inputMode="decimal" defaultValue={product?.price_from ?? ''} />
        </Field>
        <Field label={t('estore.descriptionField')} className="md:col-span-2">
          <Input name="description" required maxLength={300} defaultValue={product?.description ?? ''} />
        </Field>
        <Field label={t('estore.questions')} hint={t('estore.questionsHint')}>
          <Textarea name="questions" rows={4} defaultValue={product?.questions.join('\n') ?? ''} />
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('estore.linesField')}</legend>
          {allowed.map((l) => (
            <Checkbox
              key={l}
              label={l}
              checked={lines.includes(l)}
              onChange={(e) => setLines(e.target.checked ? [...lines, l] : lines.filter((x) => x !== l))}
            />
          ))}
        </fieldset>
        <Field label={t('estore.image')}>
          <Input name="image" type="file" accept="image/png,image/jpeg,image/webp" />
        </Field>
        <Checkbox name="shown" label={t('estore.shown')} defaultChecked={product?.shown ?? true} className="self-end" />
        <div className="flex gap-2 md:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {t('estore.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            {t('estore.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
