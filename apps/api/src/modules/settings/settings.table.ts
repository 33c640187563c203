export interface GlobalSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}
