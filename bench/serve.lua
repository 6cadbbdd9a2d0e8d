-- serve.lua - wrk's script for bench/serve: mixed views and actions over
-- many games.  Each thread takes the games of bench/serve's list in turn;
-- most requests are views (a seat's or a spectator's), and when a seat's
-- view shows it to move, the thread's next request plays the first of its
-- legal actions.  A 409 (stale step: another connection played first) is
-- counted apart; any other status but 200/201 is an error.  With a third
-- argument "battles" (bench/serve's KIND=battles) each request is a side's
-- view of a companion battle.
local games = {}
local pending = {}
local byid = {}
counts = {ok = 0, stale = 0, errors = 0, actions = 0}
local threads = {}
local res = "games"

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  for line in io.lines(args[1]) do
    local id, t0, t1 = line:match("^(%S+) (%S+) (%S+)$")
    if id then
      table.insert(games, {id = id, tok = {t0, t1}})
      byid[id] = {t0, t1}
    end
  end
  math.randomseed(tonumber(args[2] or "1"))
  res = args[3] or "games"
end

function request()
  local g = games[math.random(#games)]
  local p = pending[g.id]
  if p and math.random() < 0.1 then
    pending[g.id] = nil
    return wrk.format("POST", "/api/games/" .. g.id .. "/actions",
      {["Authorization"] = "Bearer " .. p.tok, ["Content-Type"] = "application/json"}, p.body)
  end
  if res == "battles" then -- a side's view of its companion battle
    return wrk.format("GET", "/api/battles/" .. g.id,
      {["Authorization"] = "Bearer " .. g.tok[math.random(2)]})
  end
  local seat = math.random(3) - 1
  local headers = {}
  if seat < 2 then headers["Authorization"] = "Bearer " .. g.tok[seat + 1] end
  return wrk.format("GET", "/api/games/" .. g.id, headers)
end

function response(status, headers, body)
  if status == 200 or status == 201 then
    counts.ok = counts.ok + 1
    if body:find('"applied":', 1, true) then counts.actions = counts.actions + 1 end
  elseif status == 409 then
    counts.stale = counts.stale + 1
  else
    counts.errors = counts.errors + 1
    if os.getenv("BENCH_DEBUG") then io.stderr:write(status, " ", body, "\n") end
  end
  -- a seat's view names its game and seat: a response is not matched to
  -- its request (a thread's connections interleave)
  if status == 200 then
    local id, seat = body:match('^{"id":"(%x+)","scenario":"[^"]*","seat":(%d)')
    local text = body:match('"legal":%[{"text":"(.-)"')
    local step = body:match('"step":(%d+)')
    if id and seat and text and step and byid[id] then
      pending[id] = {tok = byid[id][tonumber(seat) + 1],
        body = '{"action":"' .. text .. '","step":' .. step .. '}'}
    end
  end
end

function done(summary, latency, requests)
  local ok, stale, errors, actions = 0, 0, 0, 0
  for _, t in ipairs(threads) do
    local c = t:get("counts")
    ok = ok + c.ok; stale = stale + c.stale; errors = errors + c.errors
    actions = actions + c.actions
  end
  local secs = summary.duration / 1e6
  errors = errors + summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout
  io.write(string.format(
    "requests %d in %.1f s: %.0f req/s, p50 %.2f ms, p99 %.2f ms, errors %d " ..
    "(actions applied %d, stale 409 %d)\n",
    summary.requests, secs, summary.requests / secs, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, errors, actions, stale))
end
