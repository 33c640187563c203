import { commitmentFileName, type FairSeedsView, seedsCommitment } from '@app/shared';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SaveText, toast } from '@/components/ui';
import { useRotateSeed } from '../../api/fair-calls';
import { isValidClientSeed, suggestClientSeed } from '../../model/client-seed';

interface RevealedPair {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  rounds: number;
}

/**
 * The seeds in play (docs/casino-fairness.md, Seeds): the active server seed's hash, the next
 * one's (committed before the player picks the client seed that will play with it), the client
 * seed and the nonce. Rotation reveals the active seed and starts the next pair with the client
 * seed typed here, a random one from this browser unless the player types their own.
 */
export function SeedsPanel({ token, gameCode, seeds }: { token: string; gameCode: string; seeds: FairSeedsView | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const rotate = useRotateSeed(token);
  const [clientSeed, setClientSeed] = useState(suggestClientSeed);
  const [isInvalid, setIsInvalid] = useState(false);
  const [revealed, setRevealed] = useState<RevealedPair | null>(null);
  // What the player keeps before playing, to check rounds against later (docs/casino-fairness.md, "Checking rounds").
  const commitment = useMemo(
    () => (seeds ? seedsCommitment(window.location.origin, gameCode, new Date(), seeds) : undefined),
    [seeds, gameCode],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidClientSeed(clientSeed)) {
      setIsInvalid(true);
      return;
    }
    rotate.mutate(clientSeed.trim(), {
      onSuccess: ({ data, message }) => {
        setRevealed(data.revealed);
        setClientSeed(suggestClientSeed());
        toast.success(message);
      },
      onError: (error) => toast.error(error.message),
    });
  };
  return (
    <section className="casino-seeds" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('casino.seeds.title')}</h2>
      <dl>
        <dt>{t('casino.seeds.activeHash')}</dt>
        <dd data-testid="server-seed-hash" className="casino-mono">
          {seeds?.server_seed_hash ?? '…'}
        </dd>
        <dt>{t('casino.seeds.nextHash')}</dt>
        <dd data-testid="next-server-seed-hash" className="casino-mono">
          {seeds?.next_server_seed_hash ?? '…'}
        </dd>
        <dt>{t('casino.seeds.activeClientSeed')}</dt>
        <dd data-testid="client-seed" className="casino-mono">
          {seeds?.client_seed ?? '…'}
        </dd>
        <dt>{t('casino.seeds.nonce')}</dt>
        <dd>{seeds?.nonce ?? '…'}</dd>
      </dl>
      {commitment && (
        <div className="casino-save">
          <p className="casino-seeds__hint">{t('casino.commit.seedsHint')}</p>
          <SaveText
            text={JSON.stringify(commitment, null, 2)}
            fileName={commitmentFileName(commitment)}
            label={t('casino.commit.label')}
            testId="save-commitment"
          />
        </div>
      )}
      <form onSubmit={submit} className="casino-seeds__form" noValidate>
        <p className="casino-seeds__hint" id={`${id}-hint`}>
          {t('casino.seeds.rotateHint')}
        </p>
        <label className="casino-field">
          <span>{t('casino.seeds.nextClientSeed')}</span>
          <input
            value={clientSeed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-hint${isInvalid ? ` ${id}-error` : ''}`}
            aria-invalid={isInvalid || undefined}
            onChange={(event) => {
              setClientSeed(event.target.value);
              setIsInvalid(false);
            }}
          />
        </label>
        {isInvalid && (
          <p className="casino-seeds__error" id={`${id}-error`} role="alert">
            {t('casino.seeds.clientSeedRule')}
          </p>
        )}
        <div className="casino-seeds__actions">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setClientSeed(suggestClientSeed());
              setIsInvalid(false);
            }}
          >
            {t('casino.seeds.suggest')}
          </Button>
          <Button type="submit" isLoading={rotate.isPending}>
            {t('casino.seeds.rotate')}
          </Button>
        </div>
      </form>
      {revealed && (
        <div className="casino-seeds__revealed" role="status">
          <p>{t('casino.seeds.revealed', { rounds: revealed.rounds })}</p>
          <p className="casino-mono" data-testid="revealed-server-seed">
            {revealed.server_seed}
          </p>
          <p>{t('casino.seeds.revealedHash', { hash: revealed.server_seed_hash, clientSeed: revealed.client_seed })}</p>
        </div>
      )}
    </section>
  );
}
