import Bookshelf
