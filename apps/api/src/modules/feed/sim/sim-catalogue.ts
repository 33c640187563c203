/** Which model plays a sport's matches, and the names the simulator schedules. */
export type SimModel = 'cricket' | 'football' | 'duel' | 'race';

export interface SimCompetition {
  name: string;
  sides: readonly string[];
}

export interface SimSport {
  sportId: number;
  model: SimModel;
  /** Simulated minutes a match lasts, start to finish. */
  durationMinutes: number;
  /** Simulated minutes between two starts on one lane. */
  intervalMinutes: number;
  /** Matches that may run side by side. */
  lanes: number;
  /** The scoring unit of a duel: its points per side over the match, on average. */
  pointsPerSide?: number;
  competitions: readonly SimCompetition[];
}

const IPL = [
  'Mumbai Indians',
  'Chennai Super Kings',
  'Royal Challengers Bengaluru',
  'Kolkata Knight Riders',
  'Delhi Capitals',
  'Rajasthan Royals',
  'Punjab Kings',
  'Sunrisers Hyderabad',
  'Gujarat Titans',
  'Lucknow Super Giants',
];
const T20I = [
  'India',
  'Australia',
  'England',
  'Pakistan',
  'South Africa',
  'New Zealand',
  'Sri Lanka',
  'Bangladesh',
  'West Indies',
  'Afghanistan',
];
const EPL = [
  'Arsenal',
  'Chelsea',
  'Liverpool',
  'Manchester City',
  'Manchester United',
  'Tottenham Hotspur',
  'Newcastle United',
  'Aston Villa',
  'Brighton',
  'West Ham United',
];
const LALIGA = [
  'Real Madrid',
  'Barcelona',
  'Atletico Madrid',
  'Sevilla',
  'Real Sociedad',
  'Villarreal',
  'Real Betis',
  'Athletic Bilbao',
];
const ISL = [
  'Mohun Bagan',
  'East Bengal',
  'Mumbai City',
  'Bengaluru FC',
  'Kerala Blasters',
  'FC Goa',
  'Odisha FC',
  'Chennaiyin FC',
];
const TENNIS = [
  'Arjun Mehra',
  'Luca Ferraro',
  'Tomas Novak',
  'Daniel Weber',
  'Kenji Sato',
  'Mateo Alvarez',
  'Oliver Grant',
  'Nikolai Petrov',
  'Rafael Costa',
  'Hugo Laurent',
];
const WTA = [
  'Ananya Rao',
  'Elena Marin',
  'Sofia Lindqvist',
  'Mia Hartmann',
  'Yuki Tanaka',
  'Chloe Dubois',
  'Laura Bianchi',
  'Emma Clarke',
];

export const SIM_SPORTS: readonly SimSport[] = [
  {
    sportId: 4,
    model: 'cricket',
    durationMinutes: 210,
    intervalMinutes: 600,
    lanes: 3,
    competitions: [
      { name: 'Indian Premier League', sides: IPL },
      { name: 'T20 International Series', sides: T20I },
    ],
  },
  {
    sportId: -17,
    model: 'cricket',
    durationMinutes: 120,
    intervalMinutes: 480,
    lanes: 1,
    competitions: [
      {
        name: 'Virtual T10 League',
        sides: ['Virtual Tigers', 'Virtual Lions', 'Virtual Eagles', 'Virtual Sharks', 'Virtual Panthers', 'Virtual Falcons'],
      },
    ],
  },
  {
    sportId: 1,
    model: 'football',
    durationMinutes: 110,
    intervalMinutes: 480,
    lanes: 3,
    competitions: [
      { name: 'English Premier League', sides: EPL },
      { name: 'La Liga', sides: LALIGA },
      { name: 'Indian Super League', sides: ISL },
    ],
  },
  {
    sportId: 2,
    model: 'duel',
    durationMinutes: 120,
    intervalMinutes: 480,
    lanes: 2,
    pointsPerSide: 14,
    competitions: [
      { name: 'ATP Tour 500', sides: TENNIS },
      { name: 'WTA 1000', sides: WTA },
    ],
  },
  // Races: one lane per venue, each a daily meeting (sim-race-cards.ts RACE_VENUES); the
  // duration is the longest race's, for the window of fixtures still running.
  { sportId: 7, model: 'race', durationMinutes: 4, intervalMinutes: 1_440, lanes: 5, competitions: [] },
  { sportId: 4339, model: 'race', durationMinutes: 1, intervalMinutes: 1_440, lanes: 5, competitions: [] },
  {
    sportId: 7522,
    model: 'duel',
    durationMinutes: 140,
    intervalMinutes: 600,
    lanes: 1,
    pointsPerSide: 105,
    competitions: [
      {
        name: 'NBA',
        sides: [
          'Boston Celtics',
          'Los Angeles Lakers',
          'Golden State Warriors',
          'Miami Heat',
          'Denver Nuggets',
          'Milwaukee Bucks',
          'Phoenix Suns',
          'Chicago Bulls',
        ],
      },
    ],
  },
  {
    sportId: 998917,
    model: 'duel',
    durationMinutes: 100,
    intervalMinutes: 720,
    lanes: 1,
    pointsPerSide: 90,
    competitions: [
      {
        name: 'Prime Volleyball League',
        sides: [
          'Ahmedabad Defenders',
          'Calicut Heroes',
          'Kochi Blue Spikers',
          'Hyderabad Black Hawks',
          'Bengaluru Torpedoes',
          'Chennai Blitz',
        ],
      },
    ],
  },
  {
    sportId: 7524,
    model: 'duel',
    durationMinutes: 150,
    intervalMinutes: 720,
    lanes: 1,
    pointsPerSide: 3,
    competitions: [
      {
        name: 'NHL',
        sides: [
          'Toronto Maple Leafs',
          'Boston Bruins',
          'New York Rangers',
          'Edmonton Oilers',
          'Colorado Avalanche',
          'Vegas Golden Knights',
        ],
      },
    ],
  },
  {
    sportId: -4,
    model: 'duel',
    durationMinutes: 50,
    intervalMinutes: 600,
    lanes: 1,
    pointsPerSide: 35,
    competitions: [
      {
        name: 'Pro Kabaddi League',
        sides: [
          'Patna Pirates',
          'Jaipur Pink Panthers',
          'Bengal Warriors',
          'U Mumba',
          'Puneri Paltan',
          'Bengaluru Bulls',
          'Tamil Thalaivas',
          'Telugu Titans',
        ],
      },
    ],
  },
  {
    sportId: 6,
    model: 'duel',
    durationMinutes: 45,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 60,
    competitions: [
      {
        name: 'Super Welterweight Title',
        sides: ['Vikas Singh', 'Marco Reyes', 'Jamal Carter', 'Ivan Sokolov', 'Kwame Mensah', 'Liam Doyle'],
      },
    ],
  },
  {
    sportId: 8,
    model: 'duel',
    durationMinutes: 45,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 20,
    competitions: [
      {
        name: 'MotoGP Head to Head',
        sides: ['Rider Marquez', 'Rider Bagnaia', 'Rider Martin', 'Rider Quartararo', 'Rider Bezzecchi', 'Rider Binder'],
      },
    ],
  },
  {
    sportId: 5,
    model: 'duel',
    durationMinutes: 100,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 22,
    competitions: [{ name: 'Six Nations', sides: ['Ireland', 'France', 'England', 'Scotland', 'Wales', 'Italy'] }],
  },
  {
    sportId: 3503,
    model: 'duel',
    durationMinutes: 40,
    intervalMinutes: 720,
    lanes: 1,
    pointsPerSide: 6,
    competitions: [
      {
        name: 'Premier League Darts',
        sides: ['Connor Hale', 'Pieter de Wit', 'Gary Lomax', 'Michael Byrne', 'Stefan Kruger', 'Ryan Price'],
      },
    ],
  },
  {
    sportId: 27454571,
    model: 'duel',
    durationMinutes: 60,
    intervalMinutes: 480,
    lanes: 1,
    pointsPerSide: 13,
    competitions: [
      {
        name: 'Counter-Strike Pro League',
        sides: ['Team Vitality', 'Natus Vincere', 'FaZe Clan', 'G2 Esports', 'Team Spirit', 'MOUZ', 'Team Liquid', 'Astralis'],
      },
    ],
  },
  {
    sportId: 451485,
    model: 'duel',
    durationMinutes: 30,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 10,
    competitions: [
      {
        name: 'Ski Cross World Cup',
        sides: ['Team Norway', 'Team Austria', 'Team Switzerland', 'Team Canada', 'Team France', 'Team Sweden'],
      },
    ],
  },
  {
    sportId: -5,
    model: 'duel',
    durationMinutes: 240,
    intervalMinutes: 2880,
    lanes: 1,
    pointsPerSide: 120,
    competitions: [{ name: 'State Assembly Elections', sides: ['Alliance A', 'Alliance B', 'Front C', 'Party D'] }],
  },
  {
    sportId: 61420,
    model: 'duel',
    durationMinutes: 130,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 85,
    competitions: [
      {
        name: 'AFL Premiership',
        sides: ['Collingwood', 'Carlton', 'Richmond', 'Geelong Cats', 'Sydney Swans', 'Brisbane Lions'],
      },
    ],
  },
  {
    sportId: 10,
    model: 'duel',
    durationMinutes: 60,
    intervalMinutes: 2880,
    lanes: 1,
    pointsPerSide: 10,
    competitions: [{ name: 'Specials', sides: ['Yes', 'No'] }],
  },
  {
    sportId: 6423,
    model: 'duel',
    durationMinutes: 190,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 23,
    competitions: [
      {
        name: 'NFL',
        sides: [
          'Kansas City Chiefs',
          'San Francisco 49ers',
          'Buffalo Bills',
          'Dallas Cowboys',
          'Philadelphia Eagles',
          'Baltimore Ravens',
        ],
      },
    ],
  },
  {
    sportId: 2152880,
    model: 'duel',
    durationMinutes: 80,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 20,
    competitions: [{ name: 'All-Ireland Hurling', sides: ['Kilkenny', 'Limerick', 'Cork', 'Tipperary', 'Galway', 'Clare'] }],
  },
  {
    sportId: 11,
    model: 'duel',
    durationMinutes: 60,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 10,
    competitions: [
      {
        name: 'Tour Stage Match-ups',
        sides: ['Rider Vingegaard', 'Rider Pogacar', 'Rider Evenepoel', 'Rider Roglic', 'Rider Ayuso', 'Rider Almeida'],
      },
    ],
  },
  {
    sportId: 1477,
    model: 'duel',
    durationMinutes: 90,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 20,
    competitions: [
      {
        name: 'NRL Premiership',
        sides: [
          'Penrith Panthers',
          'Melbourne Storm',
          'Brisbane Broncos',
          'Sydney Roosters',
          'South Sydney Rabbitohs',
          'Parramatta Eels',
        ],
      },
    ],
  },
  {
    sportId: 3,
    model: 'duel',
    durationMinutes: 240,
    intervalMinutes: 2880,
    lanes: 1,
    pointsPerSide: 70,
    competitions: [
      {
        name: 'Open Championship Two Balls',
        sides: ['Rahul Kapoor', 'Sean McAllister', 'Jon Ruiz', 'Tyler Brooks', 'Viktor Lund', 'Hideo Mori'],
      },
    ],
  },
  {
    sportId: 7511,
    model: 'duel',
    durationMinutes: 180,
    intervalMinutes: 720,
    lanes: 1,
    pointsPerSide: 5,
    competitions: [
      {
        name: 'MLB',
        sides: ['New York Yankees', 'Los Angeles Dodgers', 'Houston Astros', 'Atlanta Braves', 'Boston Red Sox', 'Chicago Cubs'],
      },
    ],
  },
  {
    sportId: 6422,
    model: 'duel',
    durationMinutes: 150,
    intervalMinutes: 1440,
    lanes: 1,
    pointsPerSide: 6,
    competitions: [
      {
        name: 'World Snooker Championship',
        sides: ['Aditya Verma', 'Callum Reid', 'Zhao Lei', 'Mark Selwyn', 'Jack Lisowski Jr', 'Neil Hampton'],
      },
    ],
  },
];

export function simSport(sportId: number): SimSport | undefined {
  return SIM_SPORTS.find((sport) => sport.sportId === sportId);
}
