import { type ButtonType, MAX_BUTTONS_PER_TYPE } from '@app/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Loading, Modal, Tabs, toast } from '@/components/ui';
import { successMessage } from '@/lib/api-client';
import { useSetStakeButtons, useStakeButtons } from '../api/wallet-calls';
import {
  type ButtonDraft,
  type ButtonDrafts,
  canAddButton,
  emptyDraft,
  hasErrors,
  toDrafts,
  toPayload,
  validateDraft,
} from '../model/button-values-form';

const TABS: { id: ButtonType; labelKey: string }[] = [
  { id: 'Game', labelKey: 'wallet.buttons.game' },
  { id: 'Casino', labelKey: 'wallet.buttons.casino' },
];

/** "Set button values": the player's quick-stake buttons, Game and Casino tabs (docs/product.md §2). */
export function ButtonValuesModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const buttons = useStakeButtons(isOpen);
  const save = useSetStakeButtons();
  const formId = useId();
  const [tab, setTab] = useState<ButtonType>('Game');
  const [drafts, setDrafts] = useState<ButtonDrafts | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);

  // Each opening starts from what is saved.
  useEffect(() => {
    if (!isOpen) {
      setDrafts(null);
      setIsSubmitted(false);
    } else if (buttons.data && !drafts) {
      setDrafts(toDrafts(buttons.data));
    }
  }, [isOpen, buttons.data, drafts]);

  function update(type: ButtonType, rows: ButtonDraft[]) {
    setDrafts((current) => (current ? { ...current, [type]: rows } : current));
  }

  function onSave() {
    setIsSubmitted(true);
    if (!drafts) return;
    const payload = toPayload(drafts);
    if (!payload) {
      const invalidTab = TABS.find(
        ({ id }) => drafts[id].length === 0 || drafts[id].some((row) => hasErrors(validateDraft(row))),
      );
      if (invalidTab) setTab(invalidTab.id);
      return;
    }
    save.mutate(payload, {
      onSuccess: ({ message }) => {
        toast.success(successMessage(message, t('wallet.buttons.saved')));
        onClose();
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={t('wallet.buttons.title')}
      size="md"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {/* The form's submit button (outside it, in the footer): Enter in a field saves too. */}
          <Button type="submit" form={formId} isLoading={save.isPending} disabled={!drafts}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      {buttons.isError ? (
        <div role="alert" className="wallet-form__problem">
          <p>{buttons.error.message}</p>
          <Button variant="secondary" size="sm" isLoading={buttons.isFetching} onClick={() => void buttons.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : !drafts ? (
        <Loading />
      ) : (
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <Tabs
            tabs={TABS.map(({ id, labelKey }) => ({ id, label: t(labelKey) }))}
            value={tab}
            onChange={setTab}
            label={t('wallet.buttons.title')}
          >
            <ButtonRows rows={drafts[tab]} type={tab} showErrors={isSubmitted} onChange={(rows) => update(tab, rows)} />
          </Tabs>
        </form>
      )}
    </Modal>
  );
}

function ButtonRows({
  rows,
  type,
  showErrors,
  onChange,
}: {
  rows: ButtonDraft[];
  type: ButtonType;
  showErrors: boolean;
  onChange: (rows: ButtonDraft[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const typeName = t(type === 'Game' ? 'wallet.buttons.game' : 'wallet.buttons.casino');
  const edit = (key: number, changes: Partial<ButtonDraft>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  return (
    <div className="wallet-buttons">
      <div className="wallet-buttons__head" aria-hidden="true">
        <span>{t('wallet.buttons.name')}</span>
        <span>{t('wallet.buttons.value')}</span>
        <span />
      </div>
      <ol className="wallet-buttons__list">
        {rows.map((row, index) => {
          const errors = showErrors ? validateDraft(row) : {};
          const nameError = `${id}-${row.key}-name-error`;
          const valueError = `${id}-${row.key}-value-error`;
          return (
            <li key={row.key} className="wallet-buttons__row">
              <input
                className="ui-input"
                value={row.name}
                maxLength={40}
                aria-label={t('wallet.buttons.nameOf', { index: index + 1 })}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? nameError : undefined}
                onChange={(event) => edit(row.key, { name: event.target.value })}
              />
              <input
                className="ui-input"
                value={row.value}
                inputMode="numeric"
                aria-label={t('wallet.buttons.valueOf', { index: index + 1 })}
                aria-invalid={errors.value ? true : undefined}
                aria-describedby={errors.value ? valueError : undefined}
                onChange={(event) => edit(row.key, { value: event.target.value })}
              />
              <button
                type="button"
                className="wallet-buttons__remove"
                aria-label={t('wallet.buttons.remove', { index: index + 1 })}
                disabled={rows.length <= 1}
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                <span aria-hidden="true">×</span>
              </button>
              {errors.name && (
                <p id={nameError} className="wallet-buttons__error">
                  {t(`wallet.buttons.errors.${errors.name}`)}
                </p>
              )}
              {errors.value && (
                <p id={valueError} className="wallet-buttons__error">
                  {t(`wallet.buttons.errors.${errors.value}`)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <div className="wallet-buttons__foot">
        <Button variant="ghost" size="sm" disabled={!canAddButton(rows)} onClick={() => onChange([...rows, emptyDraft()])}>
          {t('wallet.buttons.add', { type: typeName })}
        </Button>
        <span className="wallet-buttons__count">
          {t('wallet.buttons.countOf', { used: rows.length, max: MAX_BUTTONS_PER_TYPE })}
        </span>
      </div>
    </div>
  );
}
