export interface StakeButtonsTable {
  user_id: number;
  type: 'Game' | 'Casino';
  position: number;
  button_name: string;
  /** The stake the button fills in, in paise (whole rupees). */
  value_paise: number;
}
