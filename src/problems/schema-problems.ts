// ajv's errors, made human: one problem per place, saying what is wrong in the plan's own
// terms (the four statuses, where own data goes, the accepted reference forms) and how to fix it.
import type { AjvError } from '../generated/ajv-error.js';
import { messages } from '../messages/index.js';
import { pointerToPath, show, type JsonPath } from '../lib/json-document.js';
import type { DraftProblem } from './problems.js';

interface Level {
  label: string;
  keys: string[];
}

/** The keys each level allows (test/plan/validate.test.ts checks these against the schema file). */
export const LEVELS: Record<string, Level> = {
  plan: {
    label: messages.schemaLevel.plan,
    keys: ['$schema', 'planId', 'title', 'description', 'lifecycle', 'createdDate', 'lastUpdated', 'relatedDocs', 'handoff', 'externalRef', 'metadata', 'taskTemplate', 'workItems', 'changelog'],
  },
  taskTemplate: { label: messages.schemaLevel.taskTemplate, keys: ['steps'] },
  step: { label: messages.schemaLevel.step, keys: ['id', 'description', 'status'] },
  workItem: { label: messages.schemaLevel.workItem, keys: ['id', 'title', 'status', 'findings', 'tasks', 'log', 'kind', 'path', 'notes', 'metadata'] },
  task: { label: messages.schemaLevel.task, keys: ['id', 'status', 'notes', 'acceptance', 'files', 'dependsOn', 'claimedBy', 'claimedAt', 'externalRef', 'metadata'] },
  handoff: { label: messages.schemaLevel.handoff, keys: ['nextAction', 'branch', 'lastCommit', 'uncommitted', 'verify', 'updatedBy', 'updatedAt'] },
  logEntry: { label: messages.schemaLevel.logEntry, keys: ['date', 'summary', 'agent', 'metadata'] },
};

const LIST_ITEM: Record<string, string> = { workItems: 'work item', tasks: 'task', steps: 'step' };

const LEVEL_OF_LIST: Record<string, string> = { steps: 'step', workItems: 'workItem', tasks: 'task', log: 'logEntry', changelog: 'logEntry' };

/** Which level an object at `path` is, from where it sits (ajv's schemaPath restarts at each $ref). */
function levelOf(path: JsonPath): Level {
  const last = path.at(-1);
  const name = typeof last === 'number' ? LEVEL_OF_LIST[String(path.at(-2))] : last === undefined ? 'plan' : last;
  return LEVELS[name ?? 'plan'] ?? LEVELS.plan!;
}

function valueAt(data: unknown, path: JsonPath): unknown {
  let node = data;
  for (const part of path) node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[part] : undefined;
  return node;
}


function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const t = typeof value;
  return `${t === 'object' ? 'an' : 'a'} ${t} (${show(value)})`;
}

const ARTICLE: Record<string, string> = { object: 'an object', array: 'an array', string: 'a string', number: 'a number', integer: 'an integer', boolean: 'a boolean', null: 'null' };

function draftFor(error: AjvError, data: unknown): DraftProblem | null {
  const path = pointerToPath(error.instancePath, data);
  const value = valueAt(data, path);
  const key = [...path].reverse().find((p): p is string => typeof p === 'string') ?? '';
  const error_ = (rule: string, text: { message: string; fix: string }, at: JsonPath = path): DraftProblem => ({
    severity: 'error',
    rule: `schema:${rule}`,
    path: at,
    ...text,
  });
  switch (error.keyword) {
    case 'required': {
      const field = String(error.params.missingProperty);
      return error_('required', messages.plan.required(field, levelOf(path).label), [...path, field]);
    }
    case 'additionalProperties': {
      const extra = String(error.params.additionalProperty);
      const level = levelOf(path);
      return error_('unknown-key', messages.plan.unknownKey(extra, level.label, level.keys, level.keys.includes('metadata')), [...path, extra]);
    }
    case 'enum': {
      const what = key === 'lifecycle' ? 'lifecycle' : 'status';
      return error_('enum', messages.plan.notOneOf(show(value), what, error.params.allowedValues as string[]));
    }
    case 'type':
      return error_('type', messages.plan.wrongType(ARTICLE[String(error.params.type)] ?? String(error.params.type), describeType(value)));
    case 'minItems':
      return error_('empty', messages.plan.emptyList(LIST_ITEM[key] ?? 'entry'));
    case 'minLength':
      return error_('empty', messages.plan.emptyText);
    case 'pattern':
      if (error.schemaPath.includes('externalRef')) return error_('pattern', messages.plan.badExternalRef(show(value)));
      if (error.schemaPath.includes('/findings/')) return error_('pattern', messages.plan.badFinding(show(value)));
      return error_('pattern', messages.plan.badId(show(value)));
    case 'anyOf':
      return error_('format', messages.plan.badDate(show(value), 'date or date-time'));
    case 'format':
      // Inside an anyOf, the anyOf's own error says it better.
      if (error.schemaPath.includes('/anyOf/')) return null;
      return error_('format', messages.plan.badDate(show(value), error.params.format === 'date' ? 'date' : 'date-time'));
    default:
      return error_(error.keyword, messages.plan.schemaOther(error.message ?? error.keyword));
  }
}

/** One problem per place and kind, in the order ajv found them. */
export function schemaProblems(errors: readonly AjvError[], data: unknown): DraftProblem[] {
  const seen = new Set<string>();
  const drafts: DraftProblem[] = [];
  for (const error of errors) {
    const draft = draftFor(error, data);
    if (!draft) continue;
    const key = `${JSON.stringify(draft.path)} ${draft.rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    drafts.push(draft);
  }
  return drafts;
}
