import type { FairSeedsView } from '@app/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '@/components/ui';
import { useRotateSeed, useSetClientSeed } from '../../api/fair-calls';

/** The seeds in play: the server seed's hash (shown before play), the client seed, the nonce; rotation reveals. */
export function SeedsPanel({ token, seeds }: { token: string; seeds: FairSeedsView | undefined }) {
  const { t } = useTranslation();
  const rotate = useRotateSeed(token);
  const setClient = useSetClientSeed(token);
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<{
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    rounds: number;
  } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setClient.mutate(clientSeed.trim(), {
      onSuccess: ({ message }) => {
        toast.success(message);
        setClientSeed('');
      },
      onError: (error) => toast.error(error.message),
    });
  };
  return (
    <section className="casino-seeds" aria-labelledby="casino-seeds-title">
      <h2 id="casino-seeds-title">{t('casino.seeds.title')}</h2>
      <dl>
        <dt>{t('casino.seeds.serverHash')}</dt>
        <dd data-testid="server-seed-hash" className="casino-mono">
          {seeds?.server_seed_hash ?? '…'}
        </dd>
        <dt>{t('casino.seeds.clientSeed')}</dt>
        <dd className="casino-mono">{seeds?.client_seed ?? '…'}</dd>
        <dt>{t('casino.seeds.nonce')}</dt>
        <dd>{seeds?.nonce ?? '…'}</dd>
      </dl>
      <form onSubmit={submit} className="casino-seeds__form">
        <label className="casino-field">
          <span>{t('casino.seeds.newClientSeed')}</span>
          <input value={clientSeed} maxLength={64} onChange={(event) => setClientSeed(event.target.value)} />
        </label>
        <Button type="submit" variant="secondary" isLoading={setClient.isPending} disabled={!clientSeed.trim()}>
          {t('casino.seeds.setClientSeed')}
        </Button>
      </form>
      <Button
        type="button"
        variant="secondary"
        isLoading={rotate.isPending}
        onClick={() =>
          rotate.mutate(undefined, {
            onSuccess: ({ data, message }) => {
              setRevealed(data.revealed);
              toast.success(message);
            },
            onError: (error) => toast.error(error.message),
          })
        }
      >
        {t('casino.seeds.rotate')}
      </Button>
      {revealed && (
        <div className="casino-seeds__revealed" role="status">
          <p>{t('casino.seeds.revealed', { rounds: revealed.rounds })}</p>
          <p className="casino-mono" data-testid="revealed-server-seed">
            {revealed.server_seed}
          </p>
        </div>
      )}
    </section>
  );
}
