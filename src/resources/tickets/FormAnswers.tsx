import type { FormAnswer } from "../../schemas/ticket";

/** A ticket's form answers as a description list: each question's label and the answer given. */
export function FormAnswers({ answers, className = "tickets-answers" }: { answers: FormAnswer[]; className?: string }) {
  return (
    <dl className={className}>
      {answers.map((a, i) => (
        <div key={i}>
          <dt>{a.Label}</dt>
          <dd>{a.Value}</dd>
        </div>
      ))}
    </dl>
  );
}
