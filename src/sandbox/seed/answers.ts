// A crew member's answer to one data type, shaped by the data type's kind (FILE answers also
// store the uploaded file).

import type { Crew, DataType } from '../store.js';
import { asciiName, DAY_MS, isoAt, type SeedContext } from './context.js';
import { EVENT_TITLES } from './event-titles.js';
import { digits } from './rng.js';

export function seedAnswer(ctx: SeedContext, crew: Crew, dataType: DataType, updatedMs: number): void {
  const { rng } = ctx;
  const answer = {
    value: null as string | null,
    optionNames: [] as string[],
    verifiedOptionNames: [] as string[],
    score: null as number | null,
    updatedAt: isoAt(updatedMs),
  };
  const dateFrom = (fromDays: number, toDays: number) =>
    isoAt(ctx.todayMs + rng.int(fromDays, toDays) * DAY_MS).slice(0, 10);
  switch (dataType.type) {
    case 'TEXT':
      answer.value = dataType.title.startsWith('SIA')
        ? digits(rng, 16)
        : dataType.title === 'Emergency contact'
          ? `${rng.pick(['Partner', 'Parent', 'Sibling', 'Friend'])}: ${rng.pick(['Sam', 'Alex', 'Jo', 'Chris'])} ${crew.lastName}`
          : `${rng.pick(EVENT_TITLES)} ${2020 + rng.int(0, 5)}, ${rng.pick(EVENT_TITLES)}`;
      break;
    case 'NUMBER':
      answer.value = String(dataType.title.startsWith('Height') ? rng.int(150, 200) : rng.int(0, 20));
      break;
    case 'DATE':
      answer.value = dataType.title === 'Date of birth' ? dateFrom(-22000, -6600) : dateFrom(-30, 900);
      break;
    case 'BOOLEAN':
      answer.value = rng.chance(0.8) ? 'true' : 'false';
      break;
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const count = dataType.type === 'SINGLE_CHOICE' ? 1 : rng.int(1, Math.min(3, dataType.options.length));
      answer.optionNames = rng.sample(dataType.options, count).map((o) => o.name);
      // Some chosen options are verified by an admin, some not (requirements match verified ones).
      answer.verifiedOptionNames = answer.optionNames.filter((_, i) =>
        crew.id === 1 ? i === 0 : rng.chance(0.6),
      );
      break;
    }
    case 'SCORING':
      answer.score = Math.round((40 + rng.next() * 60) * 10) / 10;
      break;
    case 'FILE': {
      const name = `${asciiName(dataType.title)}-${crew.id}.${rng.pick(['pdf', 'jpg', 'png'])}`;
      const mimeType = name.endsWith('pdf')
        ? 'application/pdf'
        : name.endsWith('png')
          ? 'image/png'
          : 'image/jpeg';
      const content = Buffer.from(`sandbox file ${name}`);
      const id = ctx.store.newFileId();
      ctx.store.files.set(id, {
        id,
        crewId: crew.id,
        name,
        mimeType,
        size: content.length,
        dataTypeId: dataType.id,
        createdAt: answer.updatedAt,
        content,
      });
      answer.value = name;
      break;
    }
  }
  crew.answers.set(dataType.id, answer);
}
