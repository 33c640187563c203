import { useTranslation } from 'react-i18next';
import { setSoundOn, useSoundOn } from '../../model/sound';

/** The games' sound switch (off by default), shared by the game page and the slots. */
export function SoundToggle() {
  const { t } = useTranslation();
  const isOn = useSoundOn();
  return (
    <button type="button" className="casino-sound" aria-pressed={isOn} onClick={() => setSoundOn(!isOn)}>
      {isOn ? t('casino.sound.on') : t('casino.sound.off')}
    </button>
  );
}
