"""`python -m cabo.arena`: bot tournaments. The arena is a driver, cabo/play/arena.py; this
entry only keeps the command's name."""

if __name__ == "__main__":
    from cabo.play.arena import main

    main()
