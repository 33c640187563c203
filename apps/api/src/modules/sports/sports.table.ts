export interface SportsTable {
  sport_id: number;
  name: string;
  is_active: number;
  sort_order: number;
}
