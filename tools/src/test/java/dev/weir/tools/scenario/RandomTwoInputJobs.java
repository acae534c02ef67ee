package dev.weir.tools.scenario;

import dev.weir.jobs.file.JobSpec;
import java.util.Random;

/**
 * Seeded random two-input jobs and element files for differential tests, here and on Flink: no join (WM and
 * STATUS lines), interval joins with random bounds, exclusive bounds and late side output, tumbling, sliding and
 * session window joins with allowed lateness; 1 to 3 channels per input, each input with its own watermark
 * strategy, interval and idleness; parallelism 1 to 3. The element files hold records, explicit
 * watermarks, IDLE and ACTIVE rows and ends, some channels left open; about one record in six is far behind the
 * others, late on whichever input it is. Stateless.
 */
public final class RandomTwoInputJobs {
    private static final String[] KEYS = {"a", "b", "c"};

    private RandomTwoInputJobs() {
    }

    /**
     * @param random the job's randomness
     * @return a two-input job file
     */
    public static String job(final Random random) {
        final StringBuilder job = new StringBuilder("inputs:\n");
        job.append("  left: ").append(input(random)).append('\n');
        job.append("  right: ").append(input(random)).append('\n');
        final int kind = random.nextInt(5);
        if (kind == 1 || kind == 2) {
            final long lower = -300 + random.nextInt(400);
            final long upper = lower + random.nextInt(400);
            job.append("join:\n  type: interval\n  lowerBound: ").append(lower).append("\n  upperBound: ").append(upper).append('\n');
            if (random.nextInt(3) == 0) {
                job.append("  lowerBoundExclusive: true\n");
            }
            if (random.nextInt(3) == 0) {
                job.append("  upperBoundExclusive: true\n");
            }
            if (random.nextBoolean()) {
                job.append("  sideOutputLateData: true\n");
            }
        } else if (kind >= 3) {
            job.append("join:\n  type: window\n  window: { ").append(window(random)).append(" }\n");
        }
        // without a join the one two-input operator prints the lines, whatever the parallelism
        job.append("parallelism: ").append(1 + random.nextInt(3)).append('\n');
        return job.toString();
    }

    private static String input(final Random random) {
        final StringBuilder input = new StringBuilder("{ channels: ").append(1 + random.nextInt(3)).append(", watermarks: { strategy: ");
        switch (random.nextInt(4)) {
            case 0:
                input.append("explicit");
                break;
            case 1:
                input.append("monotonous");
                break;
            default:
                input.append("bounded-out-of-orderness, maxOutOfOrderness: ").append(random.nextInt(200));
                break;
        }
        input.append(", interval: ").append(new int[] {0, 50, 100, 200}[random.nextInt(4)]);
        if (random.nextInt(4) == 0) {
            input.append(", idleness: ").append(100 + random.nextInt(400));
        }
        return input.append(" } }").toString();
    }

    private static String window(final Random random) {
        final String lateness = random.nextBoolean() ? ", allowedLateness: " + random.nextInt(300) : "";
        switch (random.nextInt(3)) {
            case 0:
                return "type: tumbling, size: " + (100 + random.nextInt(900)) + lateness;
            case 1:
                final int slide = 100 + random.nextInt(300);
                return "type: sliding, size: " + slide * (1 + random.nextInt(3)) + ", slide: " + slide + lateness;
            default:
                return "type: session, gap: " + (50 + random.nextInt(300)) + lateness;
        }
    }

    /**
     * @param random the element file's randomness (after {@link #job})
     * @param spec the parsed job
     * @return an element file for the job, header first
     */
    public static String elements(final Random random, final JobSpec spec) {
        final int[] channels = {spec.left().channels(), spec.right().channels()};
        final boolean[][] ended = {new boolean[channels[0]], new boolean[channels[1]]};
        final StringBuilder rows = new StringBuilder("at,input,channel,kind,key,ts,value\n");
        long at = 0;
        final int count = 20 + random.nextInt(40);
        for (int i = 0; i < count; i++) {
            at += random.nextInt(4) == 0 ? 0 : random.nextInt(80);
            final int input = random.nextInt(2);
            final int channel = random.nextInt(channels[input]);
            if (ended[input][channel]) {
                continue;
            }
            final String name = input == 0 ? "left" : "right";
            rows.append(at).append(',').append(name).append(',').append(channel).append(',');
            final int kind = random.nextInt(20);
            if (kind < 14) {
                // one record in six far behind the watermarks the others drive: late, on whichever input it comes
                final long ts = random.nextInt(6) == 0 ? 500 + at * 2 - random.nextInt(400) : 1000 + at * 2 - random.nextInt(300);
                rows.append("R,").append(KEYS[random.nextInt(KEYS.length)]).append(',').append(ts).append(',').append(random.nextInt(100));
            } else if (kind < 17) {
                rows.append("W,,").append(1000 + at * 2 - random.nextInt(400)).append(',');
            } else if (kind == 17) {
                rows.append("I,,,");
            } else if (kind == 18) {
                rows.append("A,,,");
            } else {
                rows.append("E,,,");
                ended[input][channel] = true;
            }
            rows.append('\n');
        }
        // most runs end every channel (processing time then jumps to its end); some leave channels open
        final boolean endAll = random.nextInt(5) != 0;
        at += 100;
        for (int input = 0; input < 2; input++) {
            for (int channel = 0; channel < channels[input]; channel++) {
                if (!ended[input][channel] && (endAll || random.nextBoolean())) {
                    rows.append(at).append(',').append(input == 0 ? "left" : "right").append(',').append(channel).append(",E,,,\n");
                }
            }
        }
        return rows.toString();
    }
}
