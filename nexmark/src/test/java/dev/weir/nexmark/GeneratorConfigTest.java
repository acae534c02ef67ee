package dev.weir.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The parameters: defaults, changed copies, the values refused, and the splits a generator may take. */
class GeneratorConfigTest {
    @Test
    void defaultsAreBeamsAndCopiesChangeOneParameter() {
        final GeneratorConfig defaults = GeneratorConfig.defaults();
        assertEquals("GeneratorConfig{events=100000, firstEventRate=10000, outOfOrderGroupSize=1, baseTime=0, generators=1}",
                defaults.toString());
        final GeneratorConfig changed = defaults.withEvents(7).withFirstEventRate(3).withOutOfOrderGroupSize(5).withBaseTime(-2)
                .withGenerators(4);
        assertEquals("GeneratorConfig{events=7, firstEventRate=3, outOfOrderGroupSize=5, baseTime=-2, generators=4}",
                changed.toString());
        assertEquals(100_000L, defaults.events());
    }

    @Test
    void refusesNegativeCountsAndZeroRatesGroupsOrGenerators() {
        final GeneratorConfig defaults = GeneratorConfig.defaults();
        assertThrows(IllegalArgumentException.class, () -> defaults.withEvents(-1));
        assertThrows(IllegalArgumentException.class, () -> defaults.withFirstEventRate(0));
        assertThrows(IllegalArgumentException.class, () -> defaults.withOutOfOrderGroupSize(0));
        assertThrows(IllegalArgumentException.class, () -> defaults.withGenerators(0));
    }

    @Test
    void aGeneratorNamesASplitOfTheConfiguration() {
        final GeneratorConfig four = GeneratorConfig.defaults().withEvents(10).withGenerators(4);
        assertThrows(IllegalArgumentException.class, () -> new NexmarkGenerator(four));
        assertThrows(IllegalArgumentException.class, () -> new NexmarkGenerator(four, 4));
        assertThrows(IllegalArgumentException.class, () -> new NexmarkGenerator(four, -1));
        assertEquals(2L, new NexmarkGenerator(four, 0).events());
        assertEquals(4L, new NexmarkGenerator(four, 3).events());
        // 0 events: Beam's bound for an unbounded stream, Long.MAX_VALUE / (50 * 500)
        assertEquals(Long.MAX_VALUE / 25_000L, new NexmarkGenerator(GeneratorConfig.defaults().withEvents(0)).events());
    }

    @Test
    void theGapBetweenEventsIsTheRoundedPeriodTimesTheGenerators() {
        // 1,000,000 / 3 = 333,333.3 us, rounded down; 1,000,000 / 6 = 166,666.7 us, rounded up; times 2 generators
        assertEquals(333_333L, new EventSchedule(GeneratorConfig.defaults().withFirstEventRate(3), 0).interEventDelayUs());
        assertEquals(333_334L,
                new EventSchedule(GeneratorConfig.defaults().withFirstEventRate(6).withGenerators(2), 1).interEventDelayUs());
    }
}
