// Every user-facing sentence, by area: each file of this folder holds one area's sentences (its
// first line says which), so wording stays consistent and reviewable. Call sites read them all
// through `messages`; a new sentence goes into its area's file. Counts go through `plural`.
// test/messages/messages.test.ts fails if two areas define the same name (a spread would hide one).
import { agentsMessages } from './agents.js';
import { checkMessages } from './check.js';
import { claimsMessages } from './claims.js';
import { commonMessages } from './common.js';
import { configMessages } from './config.js';
import { doctorMessages } from './doctor.js';
import { handoffMessages } from './handoff.js';
import { hooksMessages } from './hooks.js';
import { identityMessages } from './identity.js';
import { installMessages } from './install.js';
import { planMessages } from './plan.js';
import { statusMessages } from './status.js';
import { worklogMessages } from './worklog.js';
import { rotationMessages } from './rotation.js';
import { boardMessages } from './board.js';
import { signingMessages } from './signing.js';

export { noun, plural } from './plural.js';

/** Each area's sentences, by the name of its file. */
export const areas = {
  common: commonMessages,
  hooks: hooksMessages,
  install: installMessages,
  doctor: doctorMessages,
  config: configMessages,
  plan: planMessages,
  claims: claimsMessages,
  check: checkMessages,
  identity: identityMessages,
  worklog: worklogMessages,
  handoff: handoffMessages,
  status: statusMessages,
  agents: agentsMessages,
  rotation: rotationMessages,
  board: boardMessages,
  signing: signingMessages,
};

export const messages = {
  ...commonMessages,
  ...hooksMessages,
  ...installMessages,
  ...doctorMessages,
  ...configMessages,
  ...planMessages,
  ...claimsMessages,
  ...checkMessages,
  ...identityMessages,
  ...worklogMessages,
  ...handoffMessages,
  ...statusMessages,
  ...agentsMessages,
  ...rotationMessages,
  ...boardMessages,
  ...signingMessages,
};
