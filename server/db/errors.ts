// What the database says when a write breaks a constraint, on both dialects: two writers met (a unique key), or a
// row still refers to the one being removed (a foreign key). Callers turn them into the 409 a person understands.

const codeOf = (error: unknown) => (error as { code?: string })?.code;

export const isUniqueViolation = (error: unknown) => {
  const code = codeOf(error);
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

export const isForeignKeyViolation = (error: unknown) => {
  const code = codeOf(error);
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
};
