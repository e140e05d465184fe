import { Form, Input, Modal } from "antd";
import { useState } from "react";
import { useTr } from "../../i18n/refine";
import type { ModalData } from "./discord-shapes";

/** A bot's modal (Discord's text inputs) as a dialog with a form; its own chunk. */
export default function FormModal({
  modal,
  onClose,
  onSubmit,
}: {
  modal: ModalData;
  onClose: () => void;
  onSubmit: (fields: Record<string, string>) => Promise<void>;
}) {
  const tr = useTr();
  const [form] = Form.useForm<Record<string, string>>();
  const [sending, setSending] = useState(false);
  return (
    <Modal
      open
      title={modal.title}
      onCancel={onClose}
      okText={tr("tryIt.submit", "Submit")}
      cancelText={tr("tryIt.cancel", "Cancel")}
      confirmLoading={sending}
      onOk={async () => {
        // As Discord's modal: a form missing a required answer (or too short) says so under the field and is not sent.
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        setSending(true);
        try {
          await onSubmit(Object.fromEntries(modal.inputs.map((i) => [i.customId, values[i.customId] ?? ""])));
        } finally {
          setSending(false);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={Object.fromEntries(modal.inputs.map((i) => [i.customId, i.value ?? ""]))}>
        {modal.inputs.map((input) => (
          <Form.Item
            key={input.customId}
            name={input.customId}
            label={input.label}
            rules={[
              // Spaces alone are no answer (the bot trims them away).
              { required: input.required, whitespace: input.required, message: tr("tryIt.required", "This field is required.") },
              ...(input.minLength
                ? [{ min: input.minLength, message: tr("tryIt.tooShort", "At least {n} characters.", { n: input.minLength }) }]
                : []),
            ]}
          >
            {input.paragraph ? (
              <Input.TextArea
                placeholder={input.placeholder}
                maxLength={input.maxLength}
                showCount={input.maxLength !== undefined}
                rows={4}
              />
            ) : (
              <Input placeholder={input.placeholder} maxLength={input.maxLength} />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
