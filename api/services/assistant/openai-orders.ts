import type { ConversationAction } from '#contract/schemas/conversation';
import { findItems } from './builtin/products';
import { OrderNeedsContactError } from './orders';
import type { AssistantTools, OrderRequest, ProductFact, TurnInput } from './types';

/**
 * Orders for the openai-compatible provider: the products go into the system
 * prompt (tags [p1], [p2]…), and a `take_order` tool — offered only when the business sells
 * products — places the order the customer confirmed. The tool checks what a model may get
 * wrong: every item must be one of the products, quantities whole and positive, the customer
 * known or their name and number given, and `confirmed` true (the model read the order back
 * and the customer said yes); otherwise it answers an error the model can act on.
 */
export const TAKE_ORDER_TOOL = {
  type: 'function' as const,
  function: {
    name: 'take_order' as const,
    description:
      'Place an order for products, as status new, and notify the team. Call it only after you read the order back (items, quantities, prices) and the customer confirmed it.',
    parameters: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          description: 'What the customer ordered.',
          items: {
            type: 'object',
            properties: {
              product: {
                type: 'string',
                description: 'The product tag (e.g. "p1") or its exact name from the product list.',
              },
              quantity: { type: 'integer', minimum: 1 },
            },
            required: ['product', 'quantity'],
          },
        },
        name: { type: 'string', description: "The customer's name (needed when the customer is not identified)." },
        phone: {
          type: 'string',
          description: "The customer's phone number (needed when the customer is not identified).",
        },
        notes: {
          type: 'string',
          description: 'Anything else the customer asked for: when they want it, collection or delivery.',
        },
        confirmed: { type: 'boolean', description: 'true only when the customer said yes to the order you read back.' },
      },
      required: ['items', 'confirmed'],
    },
  },
};

export const productTag = (index: number) => `p${index + 1}`;

/** The product lines of the system prompt, and the rule for taking orders. */
export function productPromptLines(input: TurnInput): string[] {
  const { products } = input.business;
  if (!products.length) return [];
  const identify = input.customer ? '' : ' ask for their name and phone number,';
  return [
    '',
    'Products (you can take orders for these):',
    ...products.map(
      (product, index) =>
        `[${productTag(index)}] ${product.name} — ${product.price ?? 'price not given'}${product.description && product.description !== product.name ? ` — ${clip(product.description, 160)}` : ''}`,
    ),
    `Ordering: when the customer wants to order, agree the items (only the products above) and quantities,${identify} read the whole order back with the prices and ask them to confirm. Only after they say yes, call take_order with confirmed true; then tell them the order is placed and the team will confirm it.`,
  ];
}

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function productFor(reference: string, products: ProductFact[]): ProductFact | null {
  const tag = /^\[?p(\d+)\]?$/i.exec(reference.trim());
  if (tag) return products[Number(tag[1]) - 1] ?? null;
  const exact = products.find((product) => product.name.toLowerCase() === reference.trim().toLowerCase());
  if (exact) return exact;
  const found = findItems(reference, products);
  return found.length === 1 ? found[0].product : null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 500) : undefined);

/** Runs take_order; the content goes back to the model. */
export async function runTakeOrder(
  args: Record<string, unknown>,
  input: TurnInput,
  tools: AssistantTools,
): Promise<{ content: unknown; actions: ConversationAction[] }> {
  const { products } = input.business;
  if (args.confirmed !== true)
    return {
      content: { error: 'Not placed: read the order back to the customer and ask them to confirm it first.' },
      actions: [],
    };
  const items = Array.isArray(args.items) ? args.items : [];
  const lines: OrderRequest['lines'] = [];
  const unknown: string[] = [];
  for (const item of items) {
    const entry = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const reference = text(entry.product) ?? '';
    const product = productFor(reference, products);
    const quantity = typeof entry.quantity === 'number' ? entry.quantity : Number(entry.quantity);
    if (!product) {
      unknown.push(reference || '(no product named)');
      continue;
    }
    if (!Number.isInteger(quantity) || quantity < 1)
      return {
        content: { error: `Not placed: the quantity of ${product.name} must be a whole number of at least 1.` },
        actions: [],
      };
    const same = lines.find((line) => line.memory_id === product._id);
    if (same) same.quantity += quantity;
    else lines.push({ memory_id: product._id, name: product.name, quantity, price: product.price });
  }
  if (unknown.length) {
    return {
      content: {
        error: `Not placed: ${unknown.join(', ')} is not one of the products. The products are: ${products.map((product, index) => `${productTag(index)} ${product.name}`).join('; ')}.`,
      },
      actions: [],
    };
  }
  if (!lines.length) return { content: { error: 'Not placed: the order has no items.' }, actions: [] };
  try {
    const action = await tools.takeOrder({
      lines,
      notes: text(args.notes) ?? null,
      contact: input.customer ? undefined : { name: text(args.name), phone: text(args.phone) },
    });
    return {
      content: {
        placed: true,
        items: lines.map((line) => ({ product: line.name, quantity: line.quantity, price: line.price ?? 'not given' })),
        next: 'Tell the customer the order is placed and the team will confirm it.',
      },
      actions: [action],
    };
  } catch (error) {
    if (error instanceof OrderNeedsContactError)
      return {
        content: {
          error: "Not placed: ask for the customer's name and phone number, then call take_order again with them.",
        },
        actions: [],
      };
    throw error;
  }
}
