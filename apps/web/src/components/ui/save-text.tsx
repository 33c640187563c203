import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { toast } from './toast';

export interface SaveTextProps {
  /** What is copied and saved (a JSON document, say). */
  text: string;
  fileName: string;
  /** Names what is saved, for the buttons' accessible names ("Copy my commitments"). */
  label: string;
  testId?: string;
}

/**
 * Lets a player keep a text outside the site: copy it, or download it as a file. Where the
 * clipboard is refused (an insecure page, no permission), the download still works.
 */
export function SaveText({ text, fileName, label, testId }: SaveTextProps) {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      toast.success(t('common.saveText.copied'));
    } catch {
      toast.error(t('common.saveText.copyFailed'));
    }
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has handed the file to the browser; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return (
    <div className="ui-save-text" data-testid={testId}>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void copy()}
        aria-label={t('common.saveText.copyAria', { what: label })}
      >
        {isCopied ? t('common.saveText.copiedShort') : t('common.saveText.copy')}
      </Button>
      <Button variant="secondary" size="sm" onClick={download} aria-label={t('common.saveText.downloadAria', { what: label })}>
        {t('common.saveText.download')}
      </Button>
    </div>
  );
}
