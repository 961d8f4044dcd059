import { performance } from "node:perf_hooks";
import {
  callback,
  createTenant,
  feedChange,
  feedDelivery,
  followPage,
  metaConfig,
  signedDelivery,
  startState,
} from "../tests/factories/meta-connection.ts";
import { META, startMetaServer } from "../tests/factories/meta-server.ts";
import { createTestContext } from "../tests/factories/test-app.ts";

// From a signed Meta webhook delivery to the moment the project's mention list returns its comment: the app in
// process on PGlite (as the API tests run it), a followed page, one comment per delivery. The delivery is processed
// inline, so the figure is the delivery's answer plus one list read.
const DELIVERIES = 40;
const PERIOD = "type_time=custom&start_date=2026-11-01&end_date=2026-11-21";
// Texts that differ: one text said again and again is read as noise (repeatCount) and leaves the list.
const DRINKS = ["Cà phê sữa đá", "Bạc xỉu", "Trà đào cam sả", "Cold brew", "Cà phê muối", "Matcha đá xay", "Sinh tố bơ", "Trà vải"];
const REMARKS = [
  "hôm nay hơi ngọt, lần sau quán bớt đường giúp mình nhé",
  "ngon nhưng chờ lâu quá, gần nửa tiếng mới có",
  "giá tăng mà ly nhỏ lại, hơi tiếc",
  "nhân viên dễ thương, chỗ ngồi thoáng mát",
  "giao tới nơi bị đổ mất nửa ly, mong quán đóng gói kỹ hơn",
];

export default async function bench() {
  const meta = await startMetaServer();
  const ctx = await createTestContext({ config: metaConfig(meta.url) });
  try {
    const tenant = await createTenant(ctx, "Cà Phê Sáng", ["Cà Phê Sáng Quận 1"]);
    await callback(ctx, { code: META.code, state: await startState(ctx, tenant) });
    await followPage(ctx, tenant, META.pages[0].id);
    const [post] = META.feed;
    const times: number[] = [];
    for (let i = 0; i < DELIVERIES; i += 1) {
      const commentId = `882736451928374_${1_093_847_570_000_000 + i}`;
      const delivery = feedDelivery(META.pages[0].id, [
        feedChange({
          item: "comment",
          verb: "add",
          post_id: post.id,
          comment_id: commentId,
          parent_id: post.id,
          from: { id: `61203984756${String(i).padStart(5, "0")}`, name: "Phạm Ngọc Anh" },
          message: `${DRINKS[i % DRINKS.length]} ${REMARKS[Math.floor(i / DRINKS.length) % REMARKS.length]}.`,
          created_time: 1_795_140_000 + i * 60,
        }),
      ]);
      const sent = performance.now();
      const res = await ctx.request("/api/webhooks/meta", signedDelivery(delivery));
      if ((await res.json()).data?.documents !== 1) throw new Error(`delivery ${i} not stored`);
      // Only this account follows the page and nothing was backfilled: the list holds the comments delivered so far.
      for (let reads = 0, listed = false; !listed; reads += 1) {
        if (reads === 100) throw new Error(`delivery ${i} never listed`);
        const list = await ctx.request(`/api/mention/index?project_id=${tenant.projectId}&${PERIOD}`, { token: tenant.token });
        const body = await list.json();
        if (list.status !== 200) throw new Error(JSON.stringify(body));
        listed = body.data.total === i + 1;
      }
      times.push(performance.now() - sent);
    }
    // The first few warm the caches and the JIT: shown apart.
    const warm = times.slice(5).sort((x, y) => x - y);
    const at = (q: number) => warm[Math.min(warm.length - 1, Math.floor(q * warm.length))].toFixed(1);
    console.log(
      `webhook → mention list, ${warm.length} deliveries after 5 warm-up: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
    );
    console.log(`first delivery (cold): ${times[0].toFixed(1)} ms`);
  } finally {
    await ctx.close();
    await meta.close();
  }
}
