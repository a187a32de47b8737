import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { notFound, validationError } from '../shared/errors.ts';
import { insertChoice, lockChoice, updateChoice, type ChoiceList, type ChoiceNames } from './verification-choices.repository.ts';

export const choiceNotFoundMessage = 'This choice does not exist';
export const choiceNameMessage = 'Give the name in each language (at most 60 characters).';

/** What an operator sends: the three names, each required when adding. */
export interface ChoiceInput {
  name_zhs?: string | undefined;
  name_zht?: string | undefined;
  name_eng?: string | undefined;
  enabled?: boolean | undefined;
}

type ChoiceRow = NonNullable<Awaited<ReturnType<typeof lockChoice>>>;

const subjectOf = (list: ChoiceList) => (list === 'countries' ? 'country' : 'certificate_type');

/** A choice as the back office and the audit log read it: its three names and whether members may pick it. */
export function choiceView(row: { id: number; type: string; names: Partial<ChoiceNames>; enabled: boolean }) {
  return {
    id: row.id,
    type: row.type,
    name_zhs: row.names.zhs ?? '',
    name_zht: row.names.zht ?? '',
    name_eng: row.names.eng ?? row.type,
    enabled: row.enabled,
  };
}

/** The names after the change, each trimmed and present: a blank or missing one is refused by field. */
function checkedNames(before: ChoiceRow | undefined, input: ChoiceInput): ChoiceNames {
  const names = {
    zhs: (input.name_zhs ?? before?.names.zhs ?? '').trim(),
    zht: (input.name_zht ?? before?.names.zht ?? '').trim(),
    eng: (input.name_eng ?? before?.names.eng ?? before?.type ?? '').trim(),
  };
  const blank = Object.entries(names).filter(([, name]) => name === '');
  if (blank.length > 0) throw validationError(Object.fromEntries(blank.map(([locale]) => [`name_${locale}`, [choiceNameMessage]])));
  return names;
}

/** Adds a country or certificate type members may choose, named in each language. Audited. */
export async function addChoice(db: Db, operatorId: number, list: ChoiceList, input: ChoiceInput) {
  const names = checkedNames(undefined, input);
  return db.transaction().execute(async (trx) => {
    const row = await insertChoice(trx, list, names);
    await recordAudit(trx, {
      operatorId,
      action: 'verification_choice.add',
      subjectType: subjectOf(list),
      subjectId: row.id,
      after: choiceView(row),
    });
    return row;
  });
}

/**
 * Renames a choice in any language or switches it off or on. Off, members no longer choose it; a member who chose it
 * keeps it, and their verification stands. Audited with before and after.
 */
export async function changeChoice(db: Db, operatorId: number, list: ChoiceList, id: number, input: ChoiceInput) {
  return db.transaction().execute(async (trx) => {
    const before = await lockChoice(trx, list, id);
    if (before === undefined) throw notFound('verification_choice_not_found', choiceNotFoundMessage);
    const names = checkedNames(before, input);
    const after = await updateChoice(trx, list, id, { names, ...(input.enabled === undefined ? {} : { enabled: input.enabled }) });
    await recordAudit(trx, {
      operatorId,
      action: 'verification_choice.edit',
      subjectType: subjectOf(list),
      subjectId: id,
      before: choiceView(before),
      after: choiceView(after),
    });
    return after;
  });
}

export { listChoices } from './verification-choices.repository.ts';
