import {
  adminSetSetting,
  adminSettings,
  adminUploadImage,
  BRANDING_IMAGE_KEYS,
  SETTING_KEYS,
  type SettingKey,
  settingValueSchemas,
  UPLOAD_IMAGE_PATH,
} from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormField, Loading, toast } from '@/components/ui';
import { callConsole, callConsoleForm, toastConsoleError } from '../lib/console-api';
import { useMay } from '../lib/use-may';
import { queryKeys } from '@/lib/query-keys';

const COLOUR_KEYS = [
  'bg_primary_color',
  'bg_secondry_color',
  'text_primary_color',
  'text_secondry_color',
  'other_color',
] as const;
const IMAGE_KEYS = BRANDING_IMAGE_KEYS;
/** Settings chosen from a closed list, with the values their schema allows. */
const CHOICES: Partial<Record<SettingKey, readonly string[]>> = {
  sign_up: ['0', '1'],
  demo: ['0', '1'],
  otp_enable: ['0', '1'],
  payment_gateway: ['0', '1', '2', '3'],
  first_deposit_bonus_wallet: ['split', 'wager'],
};
const GROUPS: readonly { id: string; keys: readonly string[] }[] = [
  { id: 'branding', keys: ['site_title', ...COLOUR_KEYS, ...IMAGE_KEYS] },
  { id: 'site', keys: ['site_message', 'sign_up', 'demo', 'otp_enable', 'payment_gateway'] },
  {
    id: 'deposits',
    keys: [
      'min_deposit',
      'max_deposit',
      'deposit_presets',
      'first_deposit_bonus_percent',
      'first_deposit_bonus_max',
      'first_deposit_bonus_wallet',
    ],
  },
  { id: 'links', keys: ['fb_link', 'insta_link', 'telegram_link', 'whatsapp_link', 'twitter_link'] },
];

function isSiteSetting(key: string): key is SettingKey {
  return (SETTING_KEYS as readonly string[]).includes(key);
}

/**
 * What is wrong with a value, as `settings set` would say (the contract's rule), or null. The
 * operators' own settings (four_eyes_amount) the server alone checks.
 */
function problemOf(key: string, value: string): string | null {
  if (!isSiteSetting(key)) return null;
  const result = settingValueSchemas[key].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
}

function imageUrl(name: string): string {
  return `/api/${UPLOAD_IMAGE_PATH}/${encodeURIComponent(name)}`;
}

/** The customer site's colours on a small header, card and button, as the operator edits them. */
function ColourPreview({ values }: { values: Record<string, string> }) {
  const { t } = useTranslation('admin');
  const header: CSSProperties = { background: values.bg_primary_color, color: values.text_primary_color };
  const card: CSSProperties = { background: values.bg_secondry_color, color: values.text_secondry_color };
  const button: CSSProperties = { background: values.other_color, color: values.bg_primary_color };
  return (
    <div className="console-preview" data-testid="colour-preview" aria-label={t('settings.preview')} role="group">
      <div className="console-preview__header" style={header}>
        <strong>{values.site_title || t('settings.previewTitle')}</strong>
        <button type="button" className="console-preview__button" style={button} tabIndex={-1}>
          {t('settings.previewButton')}
        </button>
      </div>
      <div className="console-preview__header" style={card}>
        {t('settings.previewCard')}
      </div>
    </div>
  );
}

function ImageSetting({
  settingKey,
  value,
  canEdit,
  onChanged,
}: {
  settingKey: (typeof BRANDING_IMAGE_KEYS)[number];
  value: string;
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const [isUploading, setIsUploading] = useState(false);
  async function upload(file: File | undefined) {
    if (!file) return;
    setIsUploading(true);
    try {
      const form = new FormData();
      form.append('key', settingKey);
      form.append('image', file);
      await callConsoleForm(adminUploadImage, form);
      await onChanged();
      toast.success(t('settings.uploaded'));
    } catch (error) {
      toastConsoleError(error);
    } finally {
      setIsUploading(false);
    }
  }
  async function remove() {
    try {
      await callConsole(adminSetSetting, { key: settingKey, value: '' });
      await onChanged();
    } catch (error) {
      toastConsoleError(error);
    }
  }
  return (
    <FormField label={t(`settings.keys.${settingKey}`)} hint={value || t('settings.noImage')}>
      {(control) => (
        <div className="console-colour">
          {value && <img className="console-image" src={imageUrl(value)} alt="" />}
          <input
            {...control}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/x-icon,image/avif"
            disabled={isUploading || !canEdit}
            onChange={(event) => void upload(event.target.files?.[0])}
          />
          {value && canEdit && (
            <Button variant="ghost" size="sm" onClick={() => void remove()}>
              {t('settings.removeImage')}
            </Button>
          )}
        </div>
      )}
    </FormField>
  );
}

function SettingsForm({ saved }: { saved: Record<string, string> }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const canEdit = useMay('settings.edit');
  const keys = Object.keys(saved);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.console.settings });
  const [values, setValues] = useState<Record<string, string>>({ ...saved });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => setValues({ ...saved }), [saved]);

  const set = (key: string, value: string) => setValues((current) => ({ ...current, [key]: value }));
  const changed = keys.filter((key) => values[key] !== saved[key] && !(IMAGE_KEYS as readonly string[]).includes(key));
  const problems = Object.fromEntries(keys.map((key) => [key, problemOf(key, values[key] ?? '')]));
  // The operators' own settings (four_eyes_amount) and any the site adds later, after the known groups.
  const grouped = new Set(GROUPS.flatMap((group) => group.keys));
  const groups = [...GROUPS, { id: 'operators', keys: keys.filter((key) => !grouped.has(key)) }].map((group) => ({
    ...group,
    keys: group.keys.filter((key) => key in saved),
  }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (changed.some((key) => problems[key])) return;
    setIsSaving(true);
    const failed: Record<string, string> = {};
    for (const key of changed) {
      try {
        await callConsole(adminSetSetting, { key, value: values[key] ?? '' });
      } catch (error) {
        failed[key] = error instanceof Error ? error.message : String(error);
      }
    }
    setServerErrors(failed);
    setIsSaving(false);
    await refresh();
    if (Object.keys(failed).length === 0) toast.success(t('settings.saved', { count: changed.length }));
    else toast.error(t('settings.someFailed'));
  }

  function field(key: string) {
    const problem = problems[key];
    const error = problem ? t('settings.invalid', { problem }) : serverErrors[key];
    const label = t(`settings.keys.${key}`, { defaultValue: key });
    const image = IMAGE_KEYS.find((imageKey) => imageKey === key);
    if (image)
      return <ImageSetting key={key} settingKey={image} value={saved[key] ?? ''} canEdit={canEdit} onChanged={refresh} />;
    const choices = isSiteSetting(key) ? CHOICES[key] : undefined;
    if (choices) {
      return (
        <FormField key={key} label={label} error={error}>
          {(control) => (
            <select
              {...control}
              className="console-select"
              value={values[key]}
              onChange={(event) => set(key, event.target.value)}
            >
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`settings.choices.${key}.${choice}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      );
    }
    if ((COLOUR_KEYS as readonly string[]).includes(key)) {
      const value = values[key] ?? '';
      return (
        <FormField
          key={key}
          label={label}
          error={error}
          value={value}
          readOnly={!canEdit}
          spellCheck={false}
          onChange={(event) => set(key, event.target.value.trim())}
          trailing={
            <input
              type="color"
              aria-label={t('settings.pickColour', { name: label })}
              value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
              onChange={(event) => set(key, event.target.value)}
            />
          }
        />
      );
    }
    return (
      <FormField
        key={key}
        label={label}
        error={error}
        value={values[key] ?? ''}
        onChange={(event) => set(key, event.target.value)}
      />
    );
  }

  return (
    <form className="console-page" onSubmit={(event) => void save(event)} noValidate>
      {groups.map((group) => (
        <section key={group.id} className="console-panel" aria-labelledby={`settings-${group.id}`}>
          <h2 id={`settings-${group.id}`}>{t(`settings.groups.${group.id}`)}</h2>
          <div className="console-form">
            {group.keys.map(field)}
            {group.id === 'branding' && <ColourPreview values={values} />}
          </div>
        </section>
      ))}
      {canEdit && (
        // Sticky at the foot of the screen: Save is in reach from every group, not 1,900 px below.
        <div className="console-actions console-sticky-save" data-testid="settings-save-bar">
          <Button type="submit" isLoading={isSaving} disabled={changed.length === 0}>
            {t('settings.save', { count: changed.length })}
          </Button>
          <Button variant="secondary" disabled={changed.length === 0 || isSaving} onClick={() => setValues({ ...saved })}>
            {t('settings.discard')}
          </Button>
        </div>
      )}
    </form>
  );
}

/** Every global setting (docs/product.md §3), validated as `settings set` validates it, with a live preview of the colours. */
export function SettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useQuery({
    queryKey: queryKeys.console.settings,
    queryFn: async () => {
      const { data } = await callConsole(adminSettings, {});
      return Object.fromEntries(data.rows.map((row) => [row.key, row.value]));
    },
  });
  return (
    <div className="console-page">
      <h1 className="console-page__title">{t('nav.settings')}</h1>
      {settings.data ? <SettingsForm saved={settings.data} /> : <Loading label={t('common.loading')} />}
    </div>
  );
}
