// Fairness pieces both casino features show: a round chain, and the commitments a player saves.
export { ChainDetails, type ChainShown, SaveChains } from './chain-details';
