import type { FormAnswer } from "../../schemas/ticket";

/** A ticket's form answers as a description list: each question's label and the answer given (`text`: as it reads). */
export function FormAnswers({
  answers,
  className = "tickets-answers",
  text,
}: {
  answers: FormAnswer[];
  className?: string;
  text?: (value: string) => string;
}) {
  return (
    <dl className={className}>
      {answers.map((a, i) => (
        <div key={i}>
          <dt>{a.Label}</dt>
          <dd>{text ? text(a.Value) : a.Value}</dd>
        </div>
      ))}
    </dl>
  );
}
