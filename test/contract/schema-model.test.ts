// The enum values tool inputs start with are read from each enum's own lines of the SDL, not from
// a parse of all of it (start-up): they must be what the whole SDL's parse says, for every enum.
import { Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schemaSource } from '../../src/contract/files.js';
import { enumValues } from '../../src/contract/schema-model.js';

describe('enumValues', () => {
  const enums = parse(schemaSource()).definitions.flatMap((definition) =>
    definition.kind === Kind.ENUM_TYPE_DEFINITION ? [definition] : [],
  );

  it('gives every enum of the model the values of the whole SDL, in its order', () => {
    expect(enums.length).toBeGreaterThan(3);
    for (const definition of enums) {
      expect(enumValues(definition.name.value), definition.name.value).toEqual(
        (definition.values ?? []).map((value) => value.name.value),
      );
    }
  });

  it('refuses a name the model has no enum of, a type that is not one included', () => {
    expect(() => enumValues('NoSuchEnum')).toThrow('The schema model has no enum NoSuchEnum.');
    expect(() => enumValues('Job')).toThrow('The schema model has no enum Job.');
    // A prefix of a real enum's name is not that enum.
    expect(() => enumValues('CrewJob')).toThrow('The schema model has no enum CrewJob.');
  });
});
