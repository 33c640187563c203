import { useTranslation } from 'react-i18next';

/** Payment marks drawn in CSS (no external images); names are brand names and stay untranslated. */
const PAYMENT_METHODS = [
  { id: 'upi', name: 'UPI' },
  { id: 'visa', name: 'VISA' },
  { id: 'mastercard', name: 'Mastercard' },
  { id: 'paytm', name: 'Paytm' },
  { id: 'phonepe', name: 'PhonePe' },
  { id: 'gpay', name: 'G Pay' },
  { id: 'rupay', name: 'RuPay' },
  { id: 'netbanking', name: 'NetBanking' },
] as const;

export function PaymentBadges() {
  const { t } = useTranslation();
  return (
    <ul className="shell-payments" aria-label={t('footer.paymentMethods')}>
      {PAYMENT_METHODS.map((method) => (
        <li key={method.id} className={`shell-pay shell-pay--${method.id}`}>
          {method.id === 'mastercard' ? (
            <>
              <span className="shell-pay__circles" aria-hidden="true">
                <span />
                <span />
              </span>
              <span className="visually-hidden">{method.name}</span>
            </>
          ) : method.id === 'netbanking' ? (
            t('footer.netBanking')
          ) : (
            method.name
          )}
        </li>
      ))}
    </ul>
  );
}
