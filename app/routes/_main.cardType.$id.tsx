/**
 * /cardType/{id}: the same screen as /advertList/{cardTypeId} (docs/product/screens.md), with the param mapped.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import AdvertList, { ErrorBoundary, handle, loader as advertListLoader, meta } from "./_main.advertList.$cardTypeId";

export const loader = (args: LoaderFunctionArgs) =>
  advertListLoader({ ...args, params: { ...args.params, cardTypeId: args.params.id } });

export { ErrorBoundary, handle, meta };
export default AdvertList;
