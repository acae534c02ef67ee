package dev.weir.nexmark;

/**
 * A person who registers to sell and bid. Mutable and reused: the generator refills one instance per event; take a
 * {@link #copy()} to keep it.
 */
public final class Person {
    final AsciiText name = new AsciiText(32);
    final AsciiText emailAddress = new AsciiText(32);
    final AsciiText creditCard = new AsciiText(19);
    final AsciiText city = new AsciiText(16);
    final AsciiText state = new AsciiText(2);
    final AsciiText extra = new AsciiText(256);
    long id;
    long dateTime;

    /** The person's id, from 1000 up, one per fifty events. */
    public long id() {
        return id;
    }

    /** First and last name, such as "Peter Shultz". */
    public CharSequence name() {
        return name;
    }

    /** A random address "word@word.com". */
    public CharSequence emailAddress() {
        return emailAddress;
    }

    /** Sixteen random digits in four groups of four. */
    public CharSequence creditCard() {
        return creditCard;
    }

    /** One of ten US cities. */
    public CharSequence city() {
        return city;
    }

    /** One of six US state codes. */
    public CharSequence state() {
        return state;
    }

    /** The registration's event time, in milliseconds since the epoch. */
    public long dateTime() {
        return dateTime;
    }

    /** Padding that brings the person to 200 bytes on average. */
    public CharSequence extra() {
        return extra;
    }

    /** A detached copy of this person, which later events do not change. */
    public Person copy() {
        final Person copy = new Person();
        copyTo(copy);
        return copy;
    }

    void copyTo(final Person target) {
        target.id = id;
        name.copyTo(target.name);
        emailAddress.copyTo(target.emailAddress);
        creditCard.copyTo(target.creditCard);
        city.copyTo(target.city);
        state.copyTo(target.state);
        target.dateTime = dateTime;
        extra.copyTo(target.extra);
    }

    @Override
    public String toString() {
        return "Person{id=" + id + ", name=" + name + ", emailAddress=" + emailAddress + ", creditCard=" + creditCard
                + ", city=" + city + ", state=" + state + ", dateTime=" + dateTime + ", extra=" + extra + '}';
    }
}
