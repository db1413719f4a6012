fn main() {
    let found = bitmove::attacks::magic::finder::find(1);
    print!("{}", found.source());
}
