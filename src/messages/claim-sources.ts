// Where a plan version was read, the one sentence of claims.ts that the edit-time hook needs on
// every edit (a claim's source): in a module of its own, so the hook's bundle leaves the rest out.
export const claimSourceMessages = {
  sourceWorkingTree: () => 'the working tree',
};
