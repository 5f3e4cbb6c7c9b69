//! The `ftfy` command: fixes the text of a file or of standard input.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
