-- The wrk script of `pnpm bench`: sends the requests of a file in turn, every connection taking
-- the next one, and prints one JSON line of results for the runner.
-- Usage: wrk --threads 1 --script requests.lua URL -- FILE START OFFSET HOLD
--   FILE: raw HTTP/1.1 requests without a Host header, each followed by a NUL byte;
--   START: the index of the first request to send, OFFSET: where it starts in FILE (a scenario
--   that never repeats carries on from where its last run stopped);
--   HOLD: files up to this many bytes are held in memory; longer ones (hundreds of thousands of
--   distinct requests) are read as they are sent, a megabyte at a time.
-- There is no response() function on purpose: with one, wrk parses every header and body into
-- Lua, and the generator measures itself.

local threads = {}

-- With BENCH_DELAY_MS set, each connection waits that long before each request, on average: a
-- stated load rather than as fast as the server answers, where latency is only the queue (Little's
-- law). Each pause is drawn from 0 to twice the mean (whole milliseconds, as wrk takes them): with
-- one fixed pause the connections move in step, all fifty requests arrive together, and the last
-- waits behind the other 49 at any load, which measured the generator's rhythm, not the server.
local delay_ms = tonumber(os.getenv("BENCH_DELAY_MS") or "") or 0
-- With BENCH_START_MS and BENCH_CONNECTIONS set, each connection's first request waits that long:
-- the server accepts every connection before the first answer is timed. Node (libuv) accepts one
-- connection per turn of its event loop, and a saturated turn answers every connection accepted
-- so far: the fiftieth new connection to a busy server waits fifty turns, seconds when a request
-- costs milliseconds, and that wait is the connection's, not the request's. wrk calls delay()
-- before each connection's first request, then before each request that follows an answer.
local start_ms = tonumber(os.getenv("BENCH_START_MS") or "") or 0
local starting = start_ms > 0 and (tonumber(os.getenv("BENCH_CONNECTIONS") or "") or 0) or 0
if delay_ms > 0 or starting > 0 then
  function delay()
    if starting > 0 then
      starting = starting - 1
      return start_ms
    end
    return delay_ms > 0 and math.random(0, 2 * delay_ms) or 0
  end
end

function setup(thread)
  table.insert(threads, thread)
end

-- Globals, so that done() can read them from each thread with thread:get().
sent = 0
ready_cpu = 0

local host
local list, count = {}, 0
local file, buffer, at = nil, "", 1

-- One request as sent: the request line, the Host header, the rest.
local function with_host(text)
  local line = text:find("\r\n", 1, true)
  return text:sub(1, line + 1) .. host .. text:sub(line + 2)
end

local function next_held()
  return list[(sent % count) + 1]
end

local function next_streamed()
  local stop = buffer:find("\0", at, true)
  while not stop do
    local chunk = file:read(1048576)
    if chunk == nil then
      file:seek("set", 0)
      chunk = assert(file:read(1048576), "empty request file")
    end
    buffer = buffer:sub(at) .. chunk
    at = 1
    stop = buffer:find("\0", at, true)
  end
  local r = with_host(buffer:sub(at, stop - 1))
  at = stop + 1
  return r
end

local take

function init(args)
  host = "Host: " .. wrk.headers["Host"] .. "\r\n"
  file = assert(io.open(args[1], "rb"))
  sent = tonumber(args[2]) or 0
  local size = file:seek("end")
  if size <= (tonumber(args[4]) or 16777216) then
    file:seek("set", 0)
    local data = file:read("*a")
    file:close()
    local from = 1
    while from <= #data do
      local stop = data:find("\0", from, true) or (#data + 1)
      count = count + 1
      list[count] = with_host(data:sub(from, stop - 1))
      from = stop + 1
    end
    assert(count > 0, "no request in " .. args[1])
    take = next_held
  else
    file:seek("set", tonumber(args[3]) or 0)
    -- wrk calls request() once before the run, to check it: request START answers that call
    -- and is then sent as the first of the run.
    local first, calls = nil, 0
    take = function()
      if calls < 2 then
        calls = calls + 1
        first = first or next_streamed()
        return first
      end
      return next_streamed()
    end
  end
  -- wrk's check call does not count.
  sent = sent - 1
  ready_cpu = os.clock()
end

function request()
  local r = take()
  sent = sent + 1
  return r
end

function done(summary, latency, requests)
  local next_index, ready = 0, 0
  for _, thread in ipairs(threads) do
    next_index = math.max(next_index, thread:get("sent"))
    ready = math.max(ready, thread:get("ready_cpu"))
  end
  local e = summary.errors
  io.write(string.format(
    '\nbench-result {"requests":%d,"durationUs":%d,"bytes":%d,"connectErrors":%d,"readErrors":%d,' ..
      '"writeErrors":%d,"timeouts":%d,"non2xx":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"next":%d,' ..
      '"runCpuS":%.4f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.timeout,
    e.status, latency:percentile(50), latency:percentile(99), latency.max, next_index,
    os.clock() - ready))
end
