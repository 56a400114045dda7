import { isRecord } from '@vnfm/util';
import { plainToInstance } from 'class-transformer';
import { IsObject, ValidateBy, ValidateIf, validateSync, type ValidationArguments, type ValidationError } from 'class-validator';
import { AppError } from '@vnfm/contracts';

/** 400 for a body whose members are each well-formed but that breaks a rule across them (jsonBody's code for bad bodies). */
export const invalidRequestBody = (detail: string) => new AppError('INVALID_REQUEST_BODY', 400, 'Bad Request', detail);

/** A member may be left out; `null` is a value like any other and gets checked (class-validator's IsOptional would let it through). */
export const Optional = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

// Member rules with one message each: jsonBody joins the messages of every failed rule, so IsInt + Min would say it twice.

export const IsText = () =>
  ValidateBy(
    { name: 'isText', validator: { validate: (value: unknown) => typeof value === 'string' && value.length > 0 } },
    { message: '$property must be a non-empty string' },
  );

export const IsDistinctTexts = () =>
  ValidateBy(
    {
      name: 'isDistinctTexts',
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) &&
          value.every((entry) => typeof entry === 'string' && entry.length > 0) &&
          new Set(value).size === value.length,
      },
    },
    { message: '$property must be an array of distinct non-empty strings' },
  );

export const IsIntegerAtLeast = (min: number) =>
  ValidateBy(
    { name: 'isIntegerAtLeast', validator: { validate: (value: unknown) => Number.isSafeInteger(value) && (value as number) >= min } },
    { message: `$property must be an integer of at least ${min}` },
  );

export const IsJsonObject = () => IsObject({ message: '$property must be a JSON object' });

/** How a member holds its SOL structures: an array, or (SOL 003 v3.3.1, where v2.6.1 had arrays of entries with `id`) a map keyed by id. */
export type NestedShape = 'array' | 'map';

/**
 * Checks every entry of a member with its DTO's rules, unknown members
 * refused, and reports each problem with its path
 * (`scaleInfo[0].scaleLevel must be ...`) in the member's one message: jsonBody
 * reports the messages of the body's own members, not of nested errors.
 * Nested DTOs may nest again; paths compose. Messages name paths, never values.
 */
export function IsNested(type: () => new () => object, shape: NestedShape, options: { nonEmpty?: boolean } = {}): PropertyDecorator {
  const problems = (args: ValidationArguments) => nestedProblems(args.value, args.property, type(), shape, options.nonEmpty === true);
  return ValidateBy({
    name: 'isNested',
    validator: {
      validate: (_value: unknown, args: ValidationArguments) => problems(args).length === 0,
      defaultMessage: (args: ValidationArguments) => problems(args).join('; '),
    },
  });
}

function nestedProblems(value: unknown, path: string, type: new () => object, shape: NestedShape, nonEmpty: boolean): string[] {
  const entries = entriesOf(value, path, shape);
  if (!entries) return [shape === 'array' ? `${path} must be an array` : `${path} must be a JSON object keyed by id`];
  if (nonEmpty && entries.length === 0) return [`${path} must not be empty`];
  return entries.flatMap(([entryPath, entry]) => {
    if (!isRecord(entry)) return [`${entryPath} must be a JSON object`];
    return validateSync(plainToInstance(type, entry), { whitelist: true, forbidNonWhitelisted: true }).flatMap((error) =>
      messagesOf(error, entryPath),
    );
  });
}

function entriesOf(value: unknown, path: string, shape: NestedShape): [string, unknown][] | undefined {
  if (shape === 'array') return Array.isArray(value) ? value.map((entry, index) => [`${path}[${index}]`, entry]) : undefined;
  return isRecord(value) ? Object.entries(value).map(([key, entry]) => [`${path}.${key}`, entry]) : undefined;
}

/** Each message starts with the nested member's name (or path), so prefixing the entry's path names it fully. */
function messagesOf(error: ValidationError, path: string): string[] {
  return Object.entries(error.constraints ?? {}).map(([rule, message]) =>
    rule === 'whitelistValidation' ? `property ${path}.${error.property} should not exist` : `${path}.${message}`,
  );
}
