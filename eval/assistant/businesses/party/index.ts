import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { PARTY } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const party: EvalBusiness = {
  key: 'party',
  name: "Wobbly Pete's Parties, Reading",
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, PARTY, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
